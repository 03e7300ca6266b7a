import type { MyTaskCard, MyTaskGroup, MyTaskGroups } from '../../../contract/api/mytasks';
import { type KeptBody, keptBody } from '../../lib/keptBody';
import type { CardRow } from './cards';

const FINISHED = new Set(['submitted', 'approved', 'done', 'cannot_do']);
const UNFINISHED = new Set(['open', 'rejected']);

/** The flags that depend on the clock and on who asks, from a card row. */
export function toCard(row: CardRow, now = Date.now()): MyTaskCard {
  const communication = row.type.kind === 'communication';
  const expired =
    row.status === 'expired' ||
    (UNFINISHED.has(row.status) && row.expires_at !== null && Date.parse(row.expires_at) <= now);
  // A communication is done for the person who has read it, whatever the rest of the store did.
  const done = communication ? row.mine === true : FINISHED.has(row.status);
  const live = row.status !== 'cancelled' && !expired;
  return {
    assignment_id: row.assignment_id,
    task_id: row.task_id,
    title: row.title,
    type_id: row.type.id,
    status: row.status,
    done,
    occurrence_date: row.occurrence_date,
    start_at: row.start_at,
    due_at: row.due_at,
    expires_at: row.expires_at,
    overdue: live && !done && (communication || UNFINISHED.has(row.status)) && Date.parse(row.due_at) < now,
    expired,
    workspace: row.workspace,
    department: row.department,
    estimated_minutes: row.estimated_minutes,
    checklist: { total: row.checklist_total, done: row.checklist_ticked },
    evidence: {
      comment: row.evidence_comment,
      photos: row.evidence_photos,
      files: row.evidence_files,
      checklist: row.checklist_total,
    },
    approval: row.approval,
    attempt: row.attempt,
    rejection_reason: row.rejection_reason,
    form: row.form,
    acknowledgement: communication
      ? {
          acknowledged: row.mine === true,
          stale: row.mine !== true && row.mine_stale === true,
          acknowledged_count: row.acknowledged_count ?? 0,
          people: row.people ?? 0,
        }
      : null,
  };
}

/** Cards arrive in type order; each run of one type becomes a group. */
export function groupByType(rows: CardRow[], now = Date.now()): MyTaskGroups {
  const groups: MyTaskGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.type.id !== row.type.id) {
      group = { type: row.type, tasks: [] };
      groups.push(group);
    }
    group.tasks.push(toCard(row, now));
  }
  return { data: groups };
}

export const isFinished = (status: string) => FINISHED.has(status);

/** A day's card rows, and their last rendering while no flag of it has changed with the clock. */
export interface DayCards {
  rows: CardRow[];
  rendered?: { until: number; kept: KeptBody };
}

/**
 * The first instant after `now` at which a card's clock-dependent flags can change: just past a
 * due time (overdue is `due < now`, so it turns a millisecond after) or at an expiry (expired is
 * `expiry <= now`). Until then a rendering of the rows stays exact.
 */
function nextChange(rows: CardRow[], now: number): number {
  let until = Number.POSITIVE_INFINITY;
  const consider = (at: number) => {
    if (at > now && at < until) until = at;
  };
  for (const row of rows) {
    consider(Date.parse(row.due_at) + 1);
    if (row.expires_at !== null) consider(Date.parse(row.expires_at));
  }
  return until;
}

/** The day's answer, serialised by `serialise`; rendered again only once the clock could change it. */
export function renderDay(
  day: DayCards,
  serialise: (groups: MyTaskGroups) => string,
  now = Date.now(),
): KeptBody {
  if (day.rendered && now < day.rendered.until) return day.rendered.kept;
  const kept = keptBody(serialise(groupByType(day.rows, now)));
  day.rendered = { until: nextChange(day.rows, now), kept };
  return kept;
}
