import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** Free-form tenant settings (spec §3 keys: week_starting_day, max_active_workspace). */
export const settings = pgTable(
  'settings',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/** The tenant's renamed terms (e.g. workspace → "Store"). */
export const terms = pgTable(
  'terms',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/**
 * Which modules a tenant may use (`allowed`, set by the platform operators) and which it has
 * switched on within that ceiling (`enabled`).
 */
export const tenantModules = pgTable(
  'tenant_modules',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
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
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: integer('id').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    default: text('default').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'logged'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
