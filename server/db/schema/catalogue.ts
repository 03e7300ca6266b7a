import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import * as columns from './columns';
import { personRowKeys } from './users';

export const departments = pgTable(
  'departments',
  {
    ...columns.tenantRecord(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    colour: text('colour').notNull().default('#607d8b'),
    createdAt: columns.createdAt(),
    updatedAt: columns.updatedAt(),
  },
  (t) => [columns.tenantPrimaryKey(t), columns.uniqueName('departments_name_uq', t, t.name)],
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
    ...columns.tenantRecord(),
    /** The name in the tenant's default language; `names` words it for readers of other languages. */
    name: text('name').notNull(),
    /** Language code → the name in that language (issue 44), as the terms are worded per language. */
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
    description: text('description').notNull().default(''),
    colour: text('colour').notNull(),
    secondaryColour: text('secondary_colour').notNull(),
    icon: text('icon').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    kind: text('kind', { enum: TASK_TYPE_KINDS }).notNull().default('task'),
  },
  (t) => [columns.tenantPrimaryKey(t), columns.uniqueName('task_types_name_uq', t, t.name)],
);

export const profileFields = pgTable(
  'profile_fields',
  {
    ...columns.tenantRecord(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    type: text('type', { enum: ['text', 'number', 'date', 'select', 'timezone'] }).notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [columns.tenantPrimaryKey(t), columns.uniqueName('profile_fields_short_name_uq', t, t.shortName)],
);

export const profileValues = pgTable(
  'profile_values',
  {
    ...columns.personRow(columns.identityId()),
    fieldId: integer('field_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    ...personRowKeys(t),
    columns.tenantForeignKey(t, t.fieldId, profileFields).onDelete('cascade'),
    uniqueIndex('profile_values_user_field_uq').on(t.tenantId, t.userId, t.fieldId),
  ],
);
