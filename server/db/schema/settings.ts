import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import * as columns from './columns';

/** A tenant's named values: one row a key. */
const keyValueTable = <TName extends string>(name: TName) =>
  pgTable(
    name,
    {
      tenantId: columns.tenantReference(),
      key: text('key').notNull(),
      value: text('value').notNull(),
    },
    (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
  );

/** Free-form tenant settings (spec §3 keys: week_starting_day, max_active_workspace). */
export const settings = keyValueTable('settings');

/** The tenant's renamed terms (e.g. workspace → "Store"). */
export const terms = keyValueTable('terms');

/**
 * Which modules a tenant may use (`allowed`, set by the platform operators) and which it has
 * switched on within that ceiling (`enabled`).
 */
export const tenantModules = pgTable(
  'tenant_modules',
  {
    tenantId: columns.tenantReference(),
    module: text('module').notNull(),
    allowed: boolean('allowed').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.module] })],
);

/** Spec §3 theme settings: ids 1–10 per tenant, each a key, a value and its default. */
export const themeSettings = pgTable(
  'theme_settings',
  {
    tenantId: columns.tenantReference(),
    id: integer('id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    default: text('default').notNull(),
    updatedAt: columns.updatedAt(),
  },
  (t) => [columns.tenantPrimaryKey(t)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    ...columns.tenantRecord(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'logged'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    createdAt: columns.createdAt(),
    sentAt: columns.instant('sent_at'),
  },
  (t) => [columns.tenantPrimaryKey(t)],
);
