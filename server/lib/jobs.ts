/**
 * Every background job the product runs: its name, what it carries, and how its queue retries.
 * A new job is added here first; `app.jobs.send`, `app.jobs.work` and `app.jobs.every` accept only
 * these names and payloads. Payloads are stored as JSON, so they carry ids (always with the
 * tenant), not rows. Periodic work is a job too, declared with `app.jobs.every` (see periodic.ts).
 */
export interface JobPayloads {
  /** Deliver one `mail_outbox` row (SMTP, or the server log without SMTP_URL). */
  'mail.send': { tenantId: number; outboxId: number };
  /**
   * Roll recurring tasks' assignments forward and expire what passed its expiry; with a tenant and
   * `refreshTargets`, also re-check which workspaces each task reaches (after hierarchy writes).
   */
  'tasks.materialise': { tenantId?: number; refreshTargets?: boolean };
  /** Run one bulk import (`import_runs` row): check the file again, then write it in one transaction. */
  'imports.run': { tenantId: number; runId: number };
  /**
   * Bring the reports' daily roll-up up to date: days settled since the last run, and rolled days
   * that writes changed. One tenant (after writes there), or every tenant (the periodic pass).
   */
  'reports.rollup': { tenantId?: number };
  /**
   * Tell the people an event concerns (issue 29): the store's people when a task's assignments
   * starting at `startAt` start, or the one whose submission was sent back. Safe to repeat: each
   * person's notice of an event is unique, so a retry tells nobody twice.
   */
  'notifications.send':
    | { kind: 'task.start'; tenantId: number; taskId: number; startAt: string }
    | { kind: 'task.sent_back'; tenantId: number; submissionId: number };
  /** Delete the sessions past their expiry (periodic, hourly: they are refused before that anyway). */
  'sessions.sweep': Record<string, never>;
  /** Refresh the planner's statistics (periodic, hourly; the embedded database only: no autovacuum). */
  'database.analyse': Record<string, never>;
  /** Remove administration log entries past each tenant's retention, and log that (periodic, 6-hourly). */
  'activity.retention': Record<string, never>;
}

type JobName = keyof JobPayloads;

export interface QueueSettings {
  /** Attempts after the first before the job is kept as failed with its last error. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay at each attempt (with jitter). */
  retryBackoff: boolean;
  /** A run longer than this fails (and is retried); a run whose process died is retried after it. */
  expireInSeconds: number;
}

export const queueSettings: { [N in JobName]: QueueSettings } = {
  // An SMTP server that is down for a while: about 30 s, 1, 2, 4, 8 minutes, then failed.
  'mail.send': { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
  // Idempotent (ON CONFLICT DO NOTHING), so a retry or a second process's run changes nothing.
  'tasks.materialise': { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 900 },
  // The run records its own failures and finishes; a retry happens only when a process died
  // mid-run (its transaction was rolled back, so running it again from the start is safe).
  'imports.run': { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false, expireInSeconds: 900 },
  // Safe to repeat: a day is always rolled again from scratch, and each transaction keeps what it
  // rolled, so a retry after a failure (or a run cut short) goes on from there.
  'reports.rollup': { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 1800 },
  // One INSERT … ON CONFLICT DO NOTHING per run: a retry makes only what the failed run did not.
  'notifications.send': { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 600 },
  // One DELETE, safe to repeat; what a failed sweep leaves, the next hour's sweep takes.
  'sessions.sweep': { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 600 },
  // A sample of each table, well under a second at 5,000 stores; stale statistics for an hour are harmless.
  'database.analyse': { retryLimit: 1, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 600 },
  // One transaction per tenant: a retry removes what the failed run did not.
  'activity.retention': { retryLimit: 2, retryDelaySeconds: 300, retryBackoff: false, expireInSeconds: 900 },
};
