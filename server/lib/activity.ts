import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { ActivityEntity } from '../../contract/api/activity';
import { type Database, type Db, withTransaction } from '../db/client';
import type { ActivityChange } from '../db/schema/activity';

/**
 * The administration log's recorder. Every write route runs inside an activity context (the
 * `activity` plugin wraps each POST/PUT/PATCH/DELETE handler under /api), and `app.db` is the
 * recording database of `recordingDb`: the first transaction a write opens appends the request's
 * entry as its last statement, so the entry commits or rolls back with the write. A service that
 * knows more than the request says (the entity's id and name at the time, before and after)
 * calls `describeActivity` inside its transaction — one call per write, no copy of the insert.
 */

/** An entry as the recorder writes it (the chain fields are added by `appendEntry`). */
export interface ActivityInput {
  tenantId: number;
  /** Null: the system (a job). */
  actorId: number | null;
  /** The API token that made the request, when a program did; `actorName` is then the token's name. */
  actorTokenId?: number | null;
  /** The SCIM token the company's directory wrote with; `actorName` is then the directory's name. */
  actorDirectoryId?: number | null;
  actorName: string;
  actorPosition: string;
  action: string;
  entity: ActivityEntity;
  entityId: string | null;
  entityName: string | null;
  changes: Record<string, ActivityChange>;
  scopePath: string;
  ip: string | null;
}

/** What a service may add to its write's entry. */
export interface ActivityDescription {
  /** When the write itself decides what it was (a SCIM PATCH that only sets active: false disables). */
  action?: string;
  entity?: ActivityEntity;
  entityId?: number | string | null;
  entityName?: string | null;
  /** The entity's fields before and after the write; only those that differ are kept. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The tree path the entry is about (a store's, a person's position's), for readers below the root. */
  scopePath?: string;
}

interface ActivityContext {
  entry: ActivityInput;
  described: ActivityDescription;
  /** `closed` once the handler has answered: work it left running (a job it woke) records nothing. */
  state: 'open' | 'recorded' | 'closed';
}

const contexts = new AsyncLocalStorage<ActivityContext>();

/** Field names whose values are never written: the entry says the field changed, not to what. */
const SECRET = /password|secret|token|hash|credential|private/i;
/** Long texts (a task's instructions) are cut: the log says what changed, it is not a backup. */
const LONGEST_TEXT = 500;

function loggable(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > LONGEST_TEXT ? `${value.slice(0, LONGEST_TEXT)}…` : value;
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.slice(0, 50).map(loggable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '[secret]' : loggable(v)]),
    );
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(loggable(a)) === JSON.stringify(loggable(b));

/** The fields that differ between before and after, secrets marked and not written. */
export function changesOf(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, ActivityChange> {
  const changes: Record<string, ActivityChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (
      key === 'id' ||
      key === 'updated_at' ||
      key === 'updatedAt' ||
      key === 'created_at' ||
      key === 'createdAt'
    )
      continue;
    const b = before?.[key];
    const a = after?.[key];
    if (before && after && same(a, b)) continue;
    if (SECRET.test(key)) {
      changes[key] = { redacted: true };
      continue;
    }
    const change: ActivityChange = {};
    if (before) change.before = loggable(b);
    if (after) change.after = loggable(a);
    changes[key] = change;
  }
  return changes;
}

/** Adds what the service knows to the current write's entry (no-op outside a write request). */
export function describeActivity(description: ActivityDescription): void {
  const context = contexts.getStore();
  if (!context) return;
  Object.assign(context.described, description);
}

/** A JSON text with every object's keys sorted, so the same entry always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The fields a hash covers, in the order they are hashed (read back, an entry's entity is any text). */
export interface ChainedEntry extends Omit<ActivityInput, 'entity'> {
  entity: string;
  seq: number;
  at: string;
  prevHash: string;
}

/**
 * Every field of an entry but its place in the chain, as one canonical text. The token that wrote
 * comes last and only when there is one, so entries written before tokens existed hash as they did;
 * so does the directory that wrote over SCIM.
 */
function material(e: Omit<ChainedEntry, 'seq' | 'prevHash'>): string {
  const token = e.actorTokenId == null ? [] : [e.actorTokenId];
  // Marked, so a directory's id never hashes like a token's.
  const directory = e.actorDirectoryId == null ? [] : [['directory', e.actorDirectoryId]];
  return canonical([
    e.tenantId,
    e.at,
    e.actorId,
    e.actorName,
    e.actorPosition,
    e.action,
    e.entity,
    e.entityId,
    e.entityName,
    e.changes,
    e.scopePath,
    e.ip,
    ...token,
    ...directory,
  ]);
}

/**
 * SHA-256 of "previous hash|sequence number|entry": editing any field, or removing or inserting a
 * row, breaks the chain. The database computes the same when it appends (appendEntry).
 */
export function entryHash(e: ChainedEntry): string {
  return createHash('sha256')
    .update(`${e.prevHash}|${e.seq}|${material(e)}`)
    .digest('hex');
}

/** Half of a UTF-16 pair standing alone (a cut emoji): JSON writes it as an escape jsonb refuses. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The entry with every lone surrogate made U+FFFD, as PostgreSQL stores such text anyway (the
 * driver writes UTF-8): so the write is not refused for its log entry, and the hash is of what is
 * stored.
 */
function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(wellFormed) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormed(v)])) as T;
  return value;
}

/**
 * The statement that appends one entry to its tenant's chain: one call of `activity_append`
 * (migrations 0022, 0023). The head row's update takes the next number and computes the new hash
 * from the one before (a row lock until commit, so two writers of one tenant — on any process —
 * chain one after the other instead of both following the same entry), and the entry is inserted
 * from what it returns. A function, so the session keeps its statements' plans; the entry is one
 * JSON literal, so the statement needs no parameters and can travel with the COMMIT.
 */
function appendStatement(input: ActivityInput): string {
  const entry = wellFormed({
    ...input,
    changes: loggable(input.changes) as Record<string, ActivityChange>,
    at: new Date().toISOString(),
  });
  const { changes } = entry;
  const row = JSON.stringify({
    tenant_id: entry.tenantId,
    at: entry.at,
    material: material(entry),
    actor_id: entry.actorId,
    actor_token_id: entry.actorTokenId ?? null,
    actor_directory_id: entry.actorDirectoryId ?? null,
    actor_name: entry.actorName,
    actor_position: entry.actorPosition,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId,
    entity_name: entry.entityName,
    changes,
    scope_path: entry.scopePath,
    ip: entry.ip,
  });
  return `SELECT activity_append(${pg.escapeLiteral(row)}::jsonb)`;
}

/** Appends one entry inside the caller's transaction; the row lock is held from here to its commit. */
export async function appendEntry(tx: Db, input: ActivityInput): Promise<void> {
  await tx.execute(sql.raw(appendStatement(input)));
}

/** An entry written on its own (sign-in events, jobs): its own transaction. */
export async function recordActivity(db: Db, input: ActivityInput): Promise<void> {
  await db.transaction((tx) => appendEntry(tx, input));
}

/**
 * The request's entry with what its service described, else with what its transaction answered
 * (most services answer the record they wrote: its id and name, or title, or e-mail).
 */
function finalEntry(context: ActivityContext, answer?: unknown): ActivityInput {
  const { entry, described } = context;
  const answered =
    answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
  // A service that answers only the new row's id (a create) answers a number.
  const answeredId =
    typeof answer === 'number'
      ? String(answer)
      : typeof answered.id === 'number' || typeof answered.id === 'string'
        ? String(answered.id)
        : null;
  const answeredName = [answered.name, answered.title, answered.email].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const hasChanges = described.before !== undefined || described.after !== undefined;
  return {
    ...entry,
    action: described.action ?? entry.action,
    entity: described.entity ?? entry.entity,
    entityId: described.entityId != null ? String(described.entityId) : (entry.entityId ?? answeredId),
    entityName:
      described.entityName !== undefined ? described.entityName : (entry.entityName ?? answeredName ?? null),
    changes: hasChanges ? changesOf(described.before, described.after) : entry.changes,
    scopePath: described.scopePath ?? entry.scopePath,
  };
}

/**
 * Runs a write route's handler inside its activity context. When the handler wrote without a
 * transaction of its own (one statement), the entry follows in a transaction of its own once the
 * write succeeded.
 */
export async function withActivity<T>(
  db: Db,
  entry: ActivityInput,
  handler: () => Promise<T>,
  succeeded: () => boolean,
): Promise<T> {
  const context: ActivityContext = { entry, described: {}, state: 'open' };
  try {
    const result = await contexts.run(context, handler);
    if (context.state === 'open' && succeeded()) {
      // A route answers `{ status, data }`: its data is the record it wrote.
      const data = result && typeof result === 'object' ? (result as { data?: unknown }).data : undefined;
      await recordActivity(db, finalEntry(context, data));
    }
    return result;
  } finally {
    context.state = 'closed';
  }
}

/**
 * The database every route uses (`app.db`): the same query builder, whose `transaction` appends
 * the current write's entry (once per request) as the statement that goes with its COMMIT.
 * Nested transactions (savepoints) and everything outside a write request are untouched.
 */
export function recordingDb(database: Database): Db {
  const { db } = database;
  const transaction: Db['transaction'] = async (run, config) => {
    const context = contexts.getStore();
    if (context?.state !== 'open') return db.transaction(run, config);
    const closing = (answer: unknown) =>
      context.state === 'open' ? appendStatement(finalEntry(context, answer)) : undefined;
    const result = await database.transactionClosingWith(async (tx) => {
      // Settings (an isolation level) go first in the transaction, as drizzle sends them on PGlite.
      if (config) await tx.setTransaction(config);
      return run(tx);
    }, closing);
    if (context.state === 'open') context.state = 'recorded';
    return result;
  };
  return withTransaction(db, transaction);
}
