import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  foreignKey,
  integer,
  primaryKey,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

// Functions, not shared constants: a Drizzle column builder belongs to the one table it is built into.

/** The tenant key of a table that hangs off the tenant list directly. */
export const tenantReference = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id);

/** The tenant key of a table with one row per tenant. */
export const tenantPrimaryReference = () =>
  integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id);

/** The tenant key of a table whose foreign keys reach the tenant through another tenant-owned table. */
export const tenantKey = () => integer('tenant_id').notNull();

/** The per-tenant id half of a (tenant_id, id) primary key. */
export const identityId = () => integer('id').notNull().generatedAlwaysAsIdentity();

/** The same for the tables that outgrow an integer (submissions, notifications, assignments). */
export const bigIdentityId = () => bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();

/** A bigint read as a JavaScript number. */
export const bigNumber = (name: string) => bigint(name, { mode: 'number' });

/** A local calendar date, read as YYYY-MM-DD. */
export const localDate = (name: string) => date(name, { mode: 'string' });

/** An instant (timestamp with time zone). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** The instant a row was written, by default now. */
export const instantNow = (name: string) => instant(name).notNull().defaultNow();

/** The person a row belongs to. */
export const userColumn = () => integer('user_id').notNull();

/** The first columns of a tenant's own numbered records (roles, departments, users…): the tenant, the id. */
export const tenantRecord = () => ({ tenantId: tenantReference(), id: identityId() });

/**
 * The first columns of a person's own numbered rows (sessions, notifications, positions…): the
 * tenant, the row's id (`identityId()` or `bigIdentityId()`) and the person; users.ts has their keys.
 */
export const personRow = <I>(id: I) => ({ tenantId: tenantKey(), id, userId: userColumn() });

export const createdAt = () => instantNow('created_at');

export const updatedAt = () => instantNow('updated_at');

interface TenantRow {
  tenantId: AnyPgColumn;
  id: AnyPgColumn;
}

/** The (tenant_id, id) primary key. */
export const tenantPrimaryKey = (t: TenantRow) => primaryKey({ columns: [t.tenantId, t.id] });

/** A name unique in its tenant whatever its case. */
export const uniqueName = (name: string, t: { tenantId: AnyPgColumn }, column: AnyPgColumn) =>
  uniqueIndex(name).on(t.tenantId, sql`lower(${column})`);

/**
 * The key from (tenant_id, `column`) to the row of `target` (by its id, or by `targetColumn`) in the
 * same tenant; `.onDelete(…)` where the row goes with its target.
 */
export const tenantForeignKey = (
  t: { tenantId: AnyPgColumn },
  column: AnyPgColumn,
  target: { tenantId: AnyPgColumn; id?: AnyPgColumn },
  targetColumn: AnyPgColumn = target.id as AnyPgColumn,
) => foreignKey({ columns: [t.tenantId, column], foreignColumns: [target.tenantId, targetColumn] });
