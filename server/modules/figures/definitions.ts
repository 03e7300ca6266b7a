import { sql } from 'drizzle-orm';

/*
 * Every figure a person reads, defined once (issue 25). The dashboard, the reports and their
 * roll-up, the compliance grid, the audit queues, a task's progress and the urgent list all count
 * with these predicates, over an assignment `a` (task_assignments), its task type `tt` where a
 * figure needs the kind, and a submission `s` for review figures. The README's "Figures" section
 * says the same in words; a change here is a change there.
 *
 * Expiry and lateness are judged against the database clock, so every process agrees on them.
 */

/** Assigned: every assignment not withdrawn (a task edited or archived cancels the ones not due). */
export const ASSIGNED = sql`a.status <> 'cancelled'`;

/** Done: completed, and approved where the task asks for approval. */
export const DONE = sql`a.status IN ('done', 'approved')`;

/** On time / late: done work split by whether it was completed by its due time. */
export const ON_TIME = sql`(${DONE} AND a.completed_at <= a.due_at)`;
export const LATE = sql`(${DONE} AND a.completed_at > a.due_at)`;

/** Expired: can no longer be done (marked by the expiry job, or its expiry passed since). */
export const EXPIRED = sql`(a.status = 'expired' OR (a.status IN ('open', 'rejected') AND a.expires_at <= now()))`;

/** Still to do: open or sent back, and not expired. */
export const STILL_TO_DO = sql`(a.status IN ('open', 'rejected') AND (a.expires_at IS NULL OR a.expires_at > now()))`;

/** Overdue: still to do after its due time. Open: still to do, not yet due. */
export const OVERDUE = sql`(${STILL_TO_DO} AND a.due_at < now())`;
export const OPEN = sql`(${STILL_TO_DO} AND a.due_at >= now())`;

/** Can't do: reported as impossible, with a reason. */
export const CANNOT_DO = sql`a.status = 'cannot_do'`;

/** Waiting for review: sent for approval and not decided yet. */
export const WAITING = sql`a.status = 'submitted'`;

/** Sent back: a reviewer returned it and it has not been redone yet (nor expired). */
export const SENT_BACK = sql`(a.status = 'rejected' AND (a.expires_at IS NULL OR a.expires_at > now()))`;

/** First time right: done at the first attempt, never sent back. */
export const FIRST_TIME_RIGHT = sql`(${DONE} AND a.first_time_right)`;

/**
 * Due so far: its due time has passed, or the store already dealt with it (done early, sent
 * for approval, reported impossible). A task's progress counts these; later occurrences are
 * upcoming, shown apart, never as outstanding work.
 */
export const DUE_SO_FAR = sql`(a.due_at <= now() OR a.status IN ('done', 'approved', 'submitted', 'cannot_do'))`;

/** Upcoming: not due yet and not dealt with (the complement of DUE_SO_FAR among assigned work). */
export const UPCOMING = sql`(a.due_at > now() AND a.status IN ('open', 'rejected'))`;

/**
 * Urgent open: urgent work whose window has started and that is still to do. The urgent list
 * keeps its rows and applies the clock when it answers (mytasks/cards.ts `isUrgentOpen`), to
 * the same rule.
 */
export const URGENT_OPEN = sql`(tt.kind = 'urgent' AND ${STILL_TO_DO} AND a.start_at <= now())`;

/** A submission `s` (of assignment `a`) that waits for a reviewer: the audit queues list these. */
export const WAITING_SUBMISSION = sql`(s.outcome = 'done' AND s.decision IS NULL AND ${WAITING})`;
