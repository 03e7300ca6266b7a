import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { users } from './users';

export const departments = pgTable(
  'departments',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    colour: text('colour').notNull().default('#607d8b'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('departments_name_uq').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/**
 * What a task type means to the product, independent of its (renameable) name: `urgent` tasks feed
 * the urgent-tasks modal, `communication` tasks are acknowledged per person instead of completed.
 */
export const TASK_TYPE_KINDS = ['task', 'urgent', 'communication'] as const;
export type TaskTypeKind = (typeof TASK_TYPE_KINDS)[number];

export const taskTypes = pgTable(
  'task_types',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    colour: text('colour').notNull(),
    secondaryColour: text('secondary_colour').notNull(),
    icon: text('icon').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    kind: text('kind', { enum: TASK_TYPE_KINDS }).notNull().default('task'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('task_types_name_uq').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

export const profileFields = pgTable(
  'profile_fields',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    type: text('type', { enum: ['text', 'number', 'date', 'select', 'timezone'] }).notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('profile_fields_short_name_uq').on(t.tenantId, sql`lower(${t.shortName})`),
  ],
);

export const profileValues = pgTable(
  'profile_values',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    fieldId: integer('field_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.fieldId],
      foreignColumns: [profileFields.tenantId, profileFields.id],
    }).onDelete('cascade'),
    uniqueIndex('profile_values_user_field_uq').on(t.tenantId, t.userId, t.fieldId),
  ],
);
