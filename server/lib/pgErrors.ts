/** What PostgreSQL said, from a pg/PGlite error or a Drizzle error wrapping one. */
export interface PgError {
  code: string;
  constraint?: string;
}

/**
 * On Citus a violation is reported by the shard, whose constraints carry the shard's id
 * (`users_username_uq_102177`, shard ids starting at 102008): the table's constraint is the name
 * without it. The coordinator passes the worker's message on but not its constraint field, so the
 * name is read from the message there.
 */
const SHARD_SUFFIX = /_\d{6,}$/;
const NAMED_CONSTRAINT = /constraint "([^"]+)"/;

function constraintOf(e: { constraint?: unknown; message?: unknown }): string | undefined {
  const named =
    typeof e.constraint === 'string'
      ? e.constraint
      : typeof e.message === 'string'
        ? NAMED_CONSTRAINT.exec(e.message)?.[1]
        : undefined;
  return named?.replace(SHARD_SUFFIX, '');
}

export function pgErrorOf(error: unknown): PgError | undefined {
  for (
    let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, constraint: constraintOf(e) };
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * pg's pool gave up waiting for a free connection (its `connectionTimeoutMillis`): every
 * connection was busy for as long as a statement may run. The error has no SQLSTATE, only this
 * message, possibly wrapped by drizzle as the cause of its own.
 */
export function isPoolWaitTimeout(error: unknown): boolean {
  for (let e = error as { message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.message === 'timeout exceeded when trying to connect') return true;
  return false;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';
/** statement_timeout (or a cancel request) stopped the statement. */
export const QUERY_CANCELED = '57014';
/** lock_timeout: a lock was not granted in time. */
export const LOCK_NOT_AVAILABLE = '55P03';
/** idle_in_transaction_session_timeout ended the session. */
export const IDLE_IN_TRANSACTION_TIMEOUT = '25P03';

export const isForeignKeyViolation = (error: unknown) => pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION;

export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const pg = pgErrorOf(error);
  return pg?.code === UNIQUE_VIOLATION && (constraint === undefined || pg.constraint === constraint);
};
