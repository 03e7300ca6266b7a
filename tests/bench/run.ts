/**
 * `npm run bench`: prints the figures of every benchmark (not a test: nothing passes or fails).
 * `npm run bench -- tasks` (or audit, compliance, hierarchy-api, hierarchy-page, imports, sign-in-page, throughput) runs one.
 */
import os from 'node:os';
import { activityBench } from './activity';
import { auditBench } from './audit';
import { complianceBench } from './compliance';
import { hierarchyApiBench } from './hierarchy';
import { hierarchyPageBench } from './hierarchyPage';
import { importsBench } from './imports';
import { notificationsBench } from './notifications';
import { signInPageBench } from './signInPage';
import { tasksBench } from './tasks';
import { throughputBench } from './throughput';

const BENCHES: Record<string, () => Promise<void>> = {
  activity: activityBench,
  audit: auditBench,
  compliance: complianceBench,
  'hierarchy-api': hierarchyApiBench,
  'hierarchy-page': hierarchyPageBench,
  imports: importsBench,
  notifications: notificationsBench,
  'sign-in-page': signInPageBench,
  'reads-under-writes': async () => (await import('./readsUnderWrites')).readsUnderWritesBench(),
  tasks: tasksBench,
  throughput: throughputBench,
};

const wanted = process.argv.slice(2);
console.log(
  `Storeline benchmarks — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB`,
);
for (const [name, bench] of Object.entries(BENCHES)) {
  if (wanted.length && !wanted.includes(name)) continue;
  await bench();
}
