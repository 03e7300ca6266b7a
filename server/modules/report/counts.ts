import { type SQL, sql } from 'drizzle-orm';
import {
  CANNOT_DO,
  DONE,
  EXPIRED,
  FIRST_TIME_RIGHT,
  LATE,
  ON_TIME,
  OPEN,
  OVERDUE,
  WAITING,
} from '../figures/definitions';

/** The counts behind every rate (contract Metrics without the rates). */
export interface Counts {
  assigned: number;
  done: number;
  on_time: number;
  late: number;
  overdue: number;
  expired: number;
  cannot_do: number;
  waiting: number;
  open: number;
  first_time_right: number;
}

export const COUNT_NAMES = [
  'assigned',
  'done',
  'on_time',
  'late',
  'overdue',
  'expired',
  'cannot_do',
  'waiting',
  'open',
  'first_time_right',
] as const satisfies readonly (keyof Counts)[];

/**
 * Each count as an aggregate over assignments `a` (not withdrawn), by the product's one set of
 * definitions (figures/definitions.ts). Overdue, open and expired depend on the clock; on a
 * rolled day every due and expiry time has passed, so what the roll-up stored is what this would
 * answer now.
 */
const AGGREGATES: Record<keyof Counts, SQL> = {
  assigned: sql`count(*)`,
  done: sql`count(*) FILTER (WHERE ${DONE})`,
  on_time: sql`count(*) FILTER (WHERE ${ON_TIME})`,
  late: sql`count(*) FILTER (WHERE ${LATE})`,
  overdue: sql`count(*) FILTER (WHERE ${OVERDUE})`,
  expired: sql`count(*) FILTER (WHERE ${EXPIRED})`,
  cannot_do: sql`count(*) FILTER (WHERE ${CANNOT_DO})`,
  waiting: sql`count(*) FILTER (WHERE ${WAITING})`,
  open: sql`count(*) FILTER (WHERE ${OPEN})`,
  first_time_right: sql`count(*) FILTER (WHERE ${FIRST_TIME_RIGHT})`,
};

/** The aggregates as integer columns named after the counts, in COUNT_NAMES order. */
export const countColumns = (): SQL =>
  sql.join(
    COUNT_NAMES.map((name) => sql`${AGGREGATES[name]}::int AS ${sql.raw(name)}`),
    sql`, `,
  );

/** The aggregates alone, in COUNT_NAMES order (for an INSERT … SELECT). */
export const countValues = (): SQL =>
  sql.join(
    COUNT_NAMES.map((name) => sql`${AGGREGATES[name]}::int`),
    sql`, `,
  );

/** The column list of a roll-up table's counts, in COUNT_NAMES order. */
export const countList = (alias?: string): SQL =>
  sql.join(
    COUNT_NAMES.map((name) => sql.raw(alias ? `${alias}.${name}` : name)),
    sql`, `,
  );

/** Sums of the columns of a source `alias` as integer columns (rolled rows and live rows added up). */
export const summedColumns = (alias: string): SQL =>
  sql.join(
    COUNT_NAMES.map((name) => sql.raw(`sum(${alias}.${name})::int AS ${name}`)),
    sql`, `,
  );

/** `'name', alias.name` pairs for json_build_object. */
export const jsonPairs = (alias: string): SQL =>
  sql.join(
    COUNT_NAMES.map((name) => sql.raw(`'${name}', ${alias}.${name}`)),
    sql`, `,
  );
