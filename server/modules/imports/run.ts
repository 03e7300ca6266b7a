import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { allowLongWork } from '../../db/limits';
import { can } from '../../lib/caller';
import { HttpError } from '../../lib/errors';
import { emitEvent } from '../../lib/integrationEvents';
import type { JobPayloads } from '../../lib/jobs';
import { queueOrganisationFollowUps } from '../../lib/organisationChanges';
import { lockOrganisation } from '../../lib/organisationLock';
import { isUniqueViolation } from '../../lib/pgErrors';
import type { FileStorage } from '../../lib/storage';
import { bumpPeople, bumpStores, bumpVersion, storesOfTenant } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import type { Mailer } from '../mail/service';
import { callerAtPosition } from '../session/service';
import { resultKey } from './filenames';
import type { Checked, RowOutcome } from './outcome';
import { parseSheet } from './parse';
import { applyPeople, type PersonPlan } from './people';
import { resultCsv, resultRows } from './report';
import { findFile, findRun, type RunChanges, updateFile, updateRun } from './repository';
import { checkSheet } from './service';
import { applyStores, type StorePlan, type StoresChecked } from './stores';

interface RunDeps {
  db: Db;
  files: FileStorage;
  jobs: Jobs;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /**
   * Whether progress can be written beside the run's transaction (PostgreSQL: another
   * connection). PGlite has one session, held by the transaction until it ends.
   */
  liveProgress: boolean;
}

/** A reason to stop that a person can act on; nothing was written. */
class RunStopped extends Error {}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * The `imports.run` job: checks the file again (the organisation may have changed since the
 * upload) as the person who started the run, with the rights they hold now, and writes it in one
 * transaction under the organisation lock. `all` mode writes nothing when any row has an error;
 * `valid` mode writes the rows without. A failure anywhere rolls everything back and is recorded
 * on the run with a sentence. Safe to repeat: a run already finished is left alone, and one whose
 * process died was rolled back, so it starts again from the beginning.
 */
export async function runImportJob(deps: RunDeps, { tenantId, runId }: JobPayloads['imports.run']) {
  const { db, files } = deps;
  const run = await findRun(db, tenantId, runId);
  if (!run || run.state === 'imported' || run.state === 'failed') return;
  const file = await findFile(db, tenantId, run.fileId);
  if (!file) return;
  const kind = file.kind;
  const key = resultKey(tenantId, kind, runId);
  // The run's end and its `import.finished` event commit together (in the run's transaction when it wrote).
  const finish = (on: Db, state: 'imported' | 'failed', changes: RunChanges) =>
    on.transaction(async (tx) => {
      await updateRun(tx, tenantId, runId, { ...changes, state, resultKey: key, finishedAt: new Date() });
      await updateFile(tx, tenantId, file.id, { state });
      await emitEvent(deps.jobs, tx, tenantId, 'import.finished', {
        run_id: runId,
        kind,
        state,
        created: changes.created ?? 0,
        updated: changes.updated ?? 0,
        unchanged: changes.unchanged ?? 0,
        failed: changes.failed ?? 0,
      });
    });
  await updateRun(db, tenantId, runId, { state: 'running', processed: 0, total: file.rows });
  const progress = async (changes: RunChanges) => {
    if (deps.liveProgress) await updateRun(db, tenantId, runId, changes);
  };

  let checked: Checked<unknown> | undefined;
  try {
    const caller = await callerAtPosition(db, tenantId, run.startedBy, run.positionId);
    if (!caller || !can(caller, kind, ['create']))
      throw new RunStopped('The person who started this import can no longer import here.');
    const data = await files.get(file.storageKey);
    if (!data) throw new RunStopped('The file is no longer stored; upload it again.');
    const sheet = await parseSheet(data, file.format);
    await db.transaction(async (tx) => {
      // A whole sheet in one transaction, writing its result file between statements, and waiting
      // for any request that holds the organisation meanwhile.
      await allowLongWork(tx);
      await lockOrganisation(tx, tenantId);
      checked = (await checkSheet(tx, caller, kind, sheet, run.createContainers)).checked;
      const valid = checked.outcomes.filter((o) => o.action !== 'error');
      const failed = checked.outcomes.length - valid.length;
      if (run.mode === 'all' && (failed > 0 || checked.fileErrors.length > 0)) {
        const message = `${plural(failed, 'row has', 'rows have')} errors, so nothing was imported. Correct them, or import only the valid rows.`;
        await files.put(
          key,
          await resultCsv(resultRows(checked, false, 'Not imported: other rows have errors')),
        );
        await finish(tx, 'failed', { processed: 0, failed: checked.outcomes.length, message });
        return;
      }
      await progress({ total: valid.length });
      const count = (action: string) => valid.filter((o) => o.action === action).length;
      let containersCreated = 0;
      if (kind === 'user') {
        await applyPeople(tx, caller, valid as RowOutcome<PersonPlan>[], {
          mailer: deps.mailer,
          publicUrl: deps.publicUrl,
          progress: (processed) => progress({ processed }),
        });
        // People and positions at any number of stores: every store's head count may have moved.
        await bumpStores(tx, tenantId, storesOfTenant(tenantId));
        await bumpPeople(tx, tenantId, 'everyone', 'tree');
      } else {
        containersCreated = await applyStores(
          tx,
          caller,
          checked as StoresChecked,
          valid as RowOutcome<StorePlan>[],
          {
            progress: (processed) => progress({ processed }),
            afterWrites: (on) => queueOrganisationFollowUps(deps.jobs, on, tenantId),
          },
        );
        await bumpVersion(tx, tenantId, 'tree');
      }
      await files.put(key, await resultCsv(resultRows(checked, true)));
      await finish(tx, 'imported', {
        processed: valid.length,
        total: valid.length,
        created: count('create'),
        updated: count('update'),
        unchanged: count('unchanged'),
        failed,
        containersCreated,
        message: failed ? `${plural(failed, 'row')} with errors not imported.` : null,
      });
    });
  } catch (error) {
    const message = stopReason(error);
    if (message === undefined) deps.log.error({ err: error, tenantId, runId }, 'import run failed');
    const why = `${message ?? 'The import stopped on an unexpected error.'} Nothing was imported.`;
    const rows = checked
      ? resultRows(checked, false, why)
      : [{ row: 0, key: '', action: 'failed' as const, message: why }];
    await files.put(key, await resultCsv(rows));
    await finish(db, 'failed', {
      processed: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: file.rows,
      containersCreated: 0,
      message: why,
    });
  }
}

/** What to tell the person about a stop; undefined for a failure they cannot act on. */
function stopReason(error: unknown): string | undefined {
  if (error instanceof RunStopped || error instanceof HttpError) return error.message;
  if (isUniqueViolation(error))
    return 'Someone added one of these people or stores while the import ran; run it again.';
  return undefined;
}
