import Type, { type Static } from 'typebox';
import { defineJob } from '../../../lib/jobs';
import { runImportJob } from '../run';

const payload = Type.Object({ tenantId: Type.Integer(), runId: Type.Integer() });

declare module '../../../lib/jobs' {
  interface JobPayloads {
    /** Run one bulk import (`import_runs` row): check the file again, then write it in one transaction. */
    'imports.run': Static<typeof payload>;
  }
}

export const importsRunJob = defineJob({
  name: 'imports.run',
  payload,
  // The run records its own failures and finishes; a retry happens only when a process died
  // mid-run (its transaction was rolled back, so running it again from the start is safe).
  retry: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false, expireInSeconds: 900 },
  handler: (job, { app }) =>
    runImportJob(
      {
        db: app.db,
        files: app.files,
        jobs: app.jobs,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        log: app.log,
        liveProgress: app.database.kind === 'postgres',
      },
      job,
    ),
});
