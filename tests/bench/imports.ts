import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ImportFileDetail, ImportProgress } from '../../contract/api/imports';
import { importRuns, mailOutbox, positions, users } from '../../server/db/schema';
import { runImportJob } from '../../server/modules/imports/run';
import { benchApp, freshDatabase, onEachDatabase, sessionHeaders } from './benchSetup';
import { BENCH_OWNER, FIVE_THOUSAND_STORES, generateLargeTenant } from './largeTenant';
import { ms, report } from './measure';

/** People in the file (the issue's figure: 50,000), of whom this many are already there. */
const PEOPLE = Number(process.env.BENCH_IMPORT_PEOPLE ?? 50_000);
const EXISTING = 10_000;
const HEADER = ['first_name', 'last_name', 'email', 'role', 'node', 'extra_positions', 'send_invite'];

/**
 * 50,000 rows over the 5,000 stores: the first 10,000 are the tenant's team members (half of them
 * renamed, so updated), the rest new; half name their store by path, half by identifier; every
 * tenth person is invited (welcome mail), every fifth also gets an extra position.
 */
function peopleRows(identifier: string, areasPerState: number, storesPerArea: number) {
  const stores = FIVE_THOUSAND_STORES.states * areasPerState * storesPerArea;
  return Array.from({ length: PEOPLE }, (_, i) => {
    const s = i % stores;
    const [state, area, n] = [
      Math.floor(s / (areasPerState * storesPerArea)),
      Math.floor(s / storesPerArea),
      s % storesPerArea,
    ];
    const path = `State ${state + 1} / Area ${state + 1}.${(area % areasPerState) + 1} / Store ${area + 1}-${n + 1}`;
    const code = `B-${String(s + 1).padStart(5, '0')}`;
    const existing = i < EXISTING;
    const email = existing
      ? `member.${(i % stores) + 1}.${Math.floor(i / stores) + 1}@${identifier}.bench`
      : `new.${i}@${identifier}.bench`;
    return [
      existing && i % 2 === 0 ? 'Renamed' : 'Bench',
      existing ? email.split('@')[0]! : `Person ${i}`,
      email,
      i % 10 === 0 ? 'Store Manager' : 'Team Member',
      i % 2 === 0 ? path : code,
      i % 5 === 0 && !existing ? `Team Member @ B-${String(((s + 1) % stores) + 1).padStart(5, '0')}` : '',
      !existing && i % 10 === 1 ? 'yes' : 'no',
    ];
  });
}

/** The rows as an XLSX workbook, written with exceljs's streaming writer (the whole book never sits in memory). */
async function xlsxOf(rows: string[][]) {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true });
  const sheet = workbook.addWorksheet('People');
  sheet.addRow(HEADER).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

async function runOn(kind: 'pglite' | 'postgres') {
  console.log(
    `\nImports — ${PEOPLE.toLocaleString('en')} people into the 5,000-store tenant on ${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}`,
  );
  const { database, drop } = await freshDatabase(kind, 'imports');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storeline-bench-files-'));
  const db = database.db;
  try {
    const made = await generateLargeTenant(db, FIVE_THOUSAND_STORES);
    report('generate tenant', `${made.stores} stores, ${made.people} people in ${seconds(made.ms)}`);
    const app = await benchApp(database, { dataDir });
    await app.ready();
    const headers = await sessionHeaders(db, made.tenantId, BENCH_OWNER(FIVE_THOUSAND_STORES.identifier));
    const rows = peopleRows(
      FIVE_THOUSAND_STORES.identifier,
      FIVE_THOUSAND_STORES.areasPerState,
      FIVE_THOUSAND_STORES.storesPerArea,
    );

    const upload = async (data: Buffer, filename: string) => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(data)]), filename);
      const rss = process.memoryUsage().rss;
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/import/upload',
        headers,
        payload: body,
      });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode} ${res.body.slice(0, 300)}`);
      const detail = res.json().data as ImportFileDetail;
      const grew = (process.memoryUsage().rss - rss) / 2 ** 20;
      report(
        `upload + check, ${filename} (${(data.length / 2 ** 20).toFixed(1)} MB)`,
        `${seconds(took)}  create ${detail.report.create}, update ${detail.report.update}, unchanged ${detail.report.unchanged}, errors ${detail.report.error_rows}; RSS +${grew.toFixed(0)} MB`,
      );
      return detail;
    };

    const csvFile = Buffer.from(Papa.unparse({ fields: HEADER, data: rows }));
    const detail = await upload(csvFile, 'people.csv');
    report('memory', `RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
    await upload(await xlsxOf(rows), 'people.xlsx');
    report('memory', `RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);

    const queued = await app.inject({
      method: 'POST',
      url: '/api/user/import/run',
      headers,
      payload: { filename: detail.file.filename },
    });
    if (queued.statusCode !== 200) throw new Error(`run ${queued.statusCode} ${queued.body}`);
    const run = queued.json().data as ImportProgress;
    // The run itself, as the worker runs it (the invitations' mail jobs are left queued).
    const started = performance.now();
    await runImportJob(
      {
        db,
        files: app.files,
        jobs: app.jobs,
        mailer: app.mailer,
        publicUrl: 'http://bench',
        log: app.log,
        liveProgress: kind === 'postgres',
      },
      { tenantId: made.tenantId, runId: run.run_id },
    );
    const took = performance.now() - started;
    const [done] = await db.select().from(importRuns).where(eq(importRuns.id, run.run_id));
    const [{ n: people } = { n: 0 }] = await db
      .select({ n: count() })
      .from(users)
      .where(eq(users.tenantId, made.tenantId));
    const [{ n: held } = { n: 0 }] = await db
      .select({ n: count() })
      .from(positions)
      .where(eq(positions.tenantId, made.tenantId));
    const [{ n: mails } = { n: 0 }] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.tenantId, made.tenantId));
    report(
      'run (one transaction)',
      `${seconds(took)}  ${done!.state}: created ${done!.created}, updated ${done!.updated}, unchanged ${done!.unchanged}, failed ${done!.failed}${done!.message ? ` (${done!.message})` : ''}`,
    );
    report('after the run', `${people} people, ${held} positions, ${mails} invitations queued`);

    const again = await upload(csvFile, 'people-again.csv');
    if (again.report.unchanged !== PEOPLE) report('second check', 'expected every row unchanged');
    const started2 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/list',
      headers,
      query: { per_page: '25' },
    });
    report('user list page after the import', `${ms(performance.now() - started2)} (${res.statusCode})`);
    await db.execute(sql`SELECT 1`);
    await app.close();
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function importsBench() {
  await onEachDatabase(runOn);
}
