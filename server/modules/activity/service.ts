import type {
  ActivityEntry,
  ActivityList,
  ActivityListQuery,
  ActivityVerification,
} from '../../../contract/api/activity';
import type { Db } from '../../db/client';
import { entryHash } from '../../lib/activity';
import type { Caller } from '../../lib/caller';
import type { Table } from '../../lib/spreadsheet';
import {
  type ActivityFilter,
  type ActivityRow,
  chainPage,
  exportEntries,
  findHead,
  listEntries,
} from './repository';

/** An export holds at most this many entries (newest first); narrow the filter for older ones. */
export const EXPORT_LIMIT = 50_000;

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.seq,
    at: new Date(row.at).toISOString(),
    actor_id: row.actorId,
    actor_token_id: row.actorTokenId,
    actor_directory_id: row.actorDirectoryId,
    actor_name: row.actorName,
    actor_position: row.actorPosition,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    entity_name: row.entityName,
    changes: row.changes,
    ip: row.ip,
  };
}

export async function list(db: Db, caller: Caller, query: ActivityListQuery): Promise<ActivityList> {
  const { page, per_page, ...filter } = query;
  const { rows, total } = await listEntries(db, caller, filter, page, per_page);
  return { data: rows.map(toEntry), total, page, per_page };
}

const text = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The filtered log as a table to download: one row per changed field, so a spreadsheet can filter on it. */
export async function exportTable(db: Db, caller: Caller, filter: ActivityFilter): Promise<Table> {
  const rows = await exportEntries(db, caller, filter, EXPORT_LIMIT);
  const out: Table['rows'] = [];
  for (const row of rows) {
    const entry = toEntry(row);
    const base = [
      entry.id,
      entry.at,
      entry.actor_name,
      entry.actor_position,
      entry.actor_token_id,
      entry.action,
      entry.entity,
      entry.entity_id,
      entry.entity_name,
      entry.ip,
    ];
    const fields = Object.entries(entry.changes);
    if (fields.length === 0) out.push([...base, null, null, null]);
    for (const [field, change] of fields)
      out.push([
        ...base,
        field,
        change.redacted ? '(secret)' : text(change.before),
        change.redacted ? '(secret)' : text(change.after),
      ]);
  }
  return {
    title: 'Activity',
    header: [
      'Entry',
      'When (UTC)',
      'Who',
      'Position',
      'API token',
      'Action',
      'Entity',
      'Entity id',
      'Name',
      'Address',
      'Field',
      'Before',
      'After',
    ],
    rows: out,
  };
}

const CHAIN_PAGE = 2_000;

/**
 * Walks the tenant's whole chain: each entry must follow the one before it (no gap), chain to its
 * hash, and hash to what it says; the first must start where retention left the chain, and the
 * last must be the head. Any edit, removal or insertion answers `whole: false` with where.
 */
export async function verify(db: Db, caller: Caller): Promise<ActivityVerification> {
  const head = await findHead(db, caller.tenantId);
  const result = (
    broken_at: number | null,
    reason: string | null,
    entries: number,
    first: number | null,
    last: number | null,
  ) => ({
    whole: reason === null,
    entries,
    first_id: first,
    last_id: last,
    broken_at,
    reason,
  });
  if (!head) return result(null, null, 0, null, null);
  let expectedSeq = head.firstSeq;
  let expectedPrev = head.firstPrevHash;
  let count = 0;
  let first: number | null = null;
  for (;;) {
    const page = await chainPage(db, caller.tenantId, expectedSeq - 1, CHAIN_PAGE);
    for (const { row, iso } of page) {
      first ??= row.seq;
      if (row.seq !== expectedSeq)
        return result(expectedSeq, `Entry ${expectedSeq} is missing`, count, first, expectedSeq - 1);
      if (row.prevHash !== expectedPrev)
        return result(row.seq, `Entry ${row.seq} does not follow the entry before it`, count, first, row.seq);
      const hash = entryHash({ ...row, at: iso });
      if (hash !== row.hash)
        return result(row.seq, `Entry ${row.seq} was changed after it was written`, count, first, row.seq);
      count += 1;
      expectedSeq = row.seq + 1;
      expectedPrev = row.hash;
    }
    if (page.length < CHAIN_PAGE) break;
  }
  const last = expectedSeq - 1;
  if (last !== head.seq || expectedPrev !== head.hash)
    return result(last + 1, `Entries after ${last} are missing`, count, first, last);
  return result(null, null, count, first, count ? last : null);
}
