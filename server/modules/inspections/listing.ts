import type {
  InspectionListQuery,
  InspectionPage,
  InspectionRecurring,
  InspectionRecurringQuery,
  InspectionScores,
  InspectionScoresQuery,
} from '../../../contract/api/inspections';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { addDays, checkDate, checkDateRange, daysBetween, weekStartOf } from '../../lib/localDates';
import { nodeIn } from '../../lib/scopeNodes';
import type { Table } from '../../lib/spreadsheet';
import { loadSettings } from '../settings/service';
import {
  childrenOf,
  finishedInspections,
  type InspectionFilter,
  listInspections,
  recurringFailures,
  type ScoredInspection,
} from './repository';

/** At most this many inspections in one export (a few years of a large tenant's visits). */
export const EXPORT_LIMIT = 50_000;
/** The scores cover at most two years at once. */
const SCORE_DAYS = 731;

/** The subtree a list or the scores cover: the caller's scope, or a node in it (404 outside it). */
async function pathOf(db: Db, caller: Caller, nodeId: number | undefined): Promise<string> {
  if (nodeId === undefined) return caller.scope.path;
  const node = await nodeIn(db, caller.tenantId, caller.scope.path, nodeId);
  if (!node) throw notFound('Node');
  return node.path;
}

async function filterOf(db: Db, caller: Caller, query: InspectionListQuery): Promise<InspectionFilter> {
  if (query.from) checkDate(query.from, 'from');
  if (query.to) checkDate(query.to, 'to');
  return {
    path: await pathOf(db, caller, query.node_id),
    templateId: query.template_id,
    inspectorId: query.inspector_id,
    status: query.status,
    from: query.from,
    to: query.to,
    minScore: query.min_score,
    maxScore: query.max_score,
  };
}

const orderOf = (query: InspectionListQuery) => ({
  sort: query.sort ?? 'started_at',
  order: query.order ?? 'desc',
});

export async function list(db: Db, caller: Caller, query: InspectionListQuery): Promise<InspectionPage> {
  const filter = await filterOf(db, caller, query);
  const { rows, total } = await listInspections(db, caller.tenantId, filter, orderOf(query), {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows, total, page: query.page, per_page: query.per_page };
}

/** The filtered list as a table to download, in the list's order (at most EXPORT_LIMIT rows). */
export async function exportTable(db: Db, caller: Caller, query: InspectionListQuery): Promise<Table> {
  const filter = await filterOf(db, caller, query);
  const { rows } = await listInspections(db, caller.tenantId, filter, orderOf(query), {
    limit: EXPORT_LIMIT,
    offset: 0,
  });
  return {
    title: 'Inspections',
    header: [
      'Id',
      'Template',
      'Version',
      'Store',
      'Inspector',
      'Status',
      'Started (UTC)',
      'Finished (UTC)',
      'Points',
      'Maximum',
      'Score %',
      'Passed',
      'Failed items',
    ],
    rows: rows.map((r) => [
      r.id,
      r.template.name,
      r.template.version,
      r.store.name,
      r.inspector.name,
      r.status,
      r.started_at,
      r.completed_at,
      r.points,
      r.max_score,
      r.percentage,
      r.passed === null ? null : r.passed ? 'yes' : 'no',
      r.failed_count,
    ]),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The one definition of an inspection average (README "Inspections"): the mean of the finished
 * inspections' percentages, leaving out those with none (nothing scored was answered), to one
 * decimal; null when none has one. Every figure of the scores is this over a set of inspections,
 * so a store's average is the average of the percentages its list shows.
 */
export function averageOf(inspections: readonly ScoredInspection[]): number | null {
  const scored = inspections.map((i) => i.percentage).filter((p): p is number => p !== null);
  if (scored.length === 0) return null;
  return round1(scored.reduce((sum, p) => sum + Number(p), 0) / scored.length);
}

const failedItems = (inspections: readonly ScoredInspection[]) =>
  inspections.reduce((sum, i) => sum + i.failed_count, 0);

/** A node's (a store's or an area's) finished inspections over the range: totals, week by week, and per child. */
export async function scores(
  db: Db,
  caller: Caller,
  query: InspectionScoresQuery,
): Promise<InspectionScores> {
  checkDateRange(query, SCORE_DAYS);
  const node = await nodeIn(db, caller.tenantId, caller.scope.path, query.node_id ?? caller.scope.nodeId);
  if (!node) throw notFound('Node');
  const [finished, children, settings] = await Promise.all([
    finishedInspections(db, caller.tenantId, {
      path: node.path,
      templateId: query.template_id,
      from: query.from,
      to: query.to,
    }),
    childrenOf(db, caller.tenantId, node.id),
    loadSettings(db, caller.tenantId),
  ]);
  // Weeks as the reports count them: starting on the tenant's week starting day.
  const weekStart = settings.week_starting_day;
  const first = weekStartOf(query.from, weekStart);
  const weeks = Math.floor(daysBetween(first, query.to) / 7) + 1;
  const trend = Array.from({ length: weeks }, (_, i) => {
    const week = addDays(first, i * 7);
    const inWeek = finished.filter((f) => weekStartOf(f.day.slice(0, 10), weekStart) === week);
    return { week, inspections: inWeek.length, average: averageOf(inWeek) };
  });
  const by_child = children.map((child) => {
    // Stores roll up to their areas by path: an area's figures are its stores' inspections.
    const under = finished.filter((f) => f.path.startsWith(child.path));
    return {
      id: child.id,
      name: child.name,
      type: child.type,
      inspections: under.length,
      average: averageOf(under),
      latest: under.at(-1)?.percentage ?? null,
      failed_items: failedItems(under),
    };
  });
  return {
    node: { id: node.id, name: node.name, type: node.type },
    totals: {
      inspections: finished.length,
      average: averageOf(finished),
      failed_items: failedItems(finished),
    },
    trend,
    by_child,
  };
}

/** The scores' by-child table as a file, rows as the screen shows them. */
export function scoresTable(result: InspectionScores): Table {
  return {
    title: 'Inspection scores',
    header: ['Id', 'Name', 'Type', 'Inspections', 'Average %', 'Latest %', 'Failed items'],
    rows: result.by_child.map((r) => [
      r.id,
      r.name,
      r.type,
      r.inspections,
      r.average,
      r.latest,
      r.failed_items,
    ]),
  };
}

/** The questions that failed most in a node's (the caller's own place by default) finished inspections over the range. */
export async function recurring(
  db: Db,
  caller: Caller,
  query: InspectionRecurringQuery,
): Promise<InspectionRecurring> {
  checkDateRange(query, SCORE_DAYS);
  const node = await nodeIn(db, caller.tenantId, caller.scope.path, query.node_id ?? caller.scope.nodeId);
  if (!node) throw notFound('Node');
  const data = await recurringFailures(
    db,
    caller.tenantId,
    { path: node.path, templateId: query.template_id, from: query.from, to: query.to },
    query.limit ?? 20,
  );
  return { node: { id: node.id, name: node.name, type: node.type }, data };
}

/** The recurring failures as a file, rows as the screen shows them. */
export function recurringTable(result: InspectionRecurring): Table {
  return {
    title: 'Recurring failures',
    header: ['Template', 'Section', 'Question', 'Failures', 'Inspections', 'Stores', 'Stores failing most'],
    rows: result.data.map((r) => [
      r.template.name,
      r.section,
      r.prompt,
      r.failures,
      r.inspections,
      r.stores,
      r.worst_stores.map((s) => `${s.name} (${s.failures})`).join(', '),
    ]),
  };
}
