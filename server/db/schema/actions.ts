import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import type { ActionInspectionItem } from '../../../contract/api/actions';
import * as columns from './columns';
import { fileListColumns, fileListKeys } from './tasks';

/**
 * A problem at a store tracked until it is fixed (issue 49). `assignee_id` null means the store's
 * team. Made by hand, from a failed inspection item (`inspection_id` + `question_id`, one action
 * per item) or from a task assignment (a can't-do, a send-back). People, the inspection and the
 * assignment are referenced without foreign keys: an action outlives them, and keeps the item as
 * it was answered (`inspection_item`) and the task's title (`task_title`).
 */
export const actions = pgTable(
  'actions',
  {
    tenantId: columns.tenantReference(),
    id: columns.bigIdentityId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priority: text('priority', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    status: text('status', { enum: ['open', 'in_progress', 'done', 'cannot_fix'] })
      .notNull()
      .default('open'),
    dueDate: columns.localDate('due_date').notNull(),
    storeNodeId: integer('store_node_id').notNull(),
    assigneeId: integer('assignee_id'),
    source: text('source', { enum: ['manual', 'inspection', 'task'] })
      .notNull()
      .default('manual'),
    inspectionId: bigint('inspection_id', { mode: 'number' }),
    questionId: text('question_id'),
    inspectionItem: jsonb('inspection_item').$type<Static<typeof ActionInspectionItem>>(),
    assignmentId: bigint('assignment_id', { mode: 'number' }),
    taskTitle: text('task_title'),
    /** The files it was raised with, in order (the fix's photos are in its events). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').notNull(),
    createdAt: columns.createdAt(),
    updatedAt: columns.updatedAt(),
    closedAt: columns.instant('closed_at'),
    closedBy: integer('closed_by'),
    /** When an overdue action was told one level up the tree (once; reopening clears it). */
    escalatedAt: columns.instant('escalated_at'),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    index('actions_store_idx').on(t.tenantId, t.storeNodeId, t.dueDate),
    index('actions_assignee_idx').on(t.tenantId, t.assigneeId).where(sql`${t.closedAt} IS NULL`),
    // One action per failed item of an inspection: a second press finds the first.
    uniqueIndex('actions_inspection_item_uq')
      .on(t.tenantId, t.inspectionId, t.questionId)
      .where(sql`${t.inspectionId} IS NOT NULL`),
  ],
);

/** An action's history: who did what and when, with what they said and showed. */
export const actionEvents = pgTable(
  'action_events',
  {
    tenantId: columns.tenantKey(),
    id: columns.bigIdentityId(),
    actionId: columns.bigNumber('action_id').notNull(),
    /** Null: Storeline itself (an escalation). */
    userId: integer('user_id'),
    kind: text('kind', {
      enum: ['created', 'comment', 'status', 'assigned', 'edited', 'escalated', 'closed', 'reopened'],
    }).notNull(),
    comment: text('comment').notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    createdAt: columns.createdAt(),
  },
  (t) => [
    columns.tenantPrimaryKey(t),
    columns.tenantForeignKey(t, t.actionId, actions).onDelete('cascade'),
    index('action_events_action_idx').on(t.tenantId, t.actionId, t.id),
  ],
);

/** Every file an action and its history hold, so a download can ask who may see them. */
export const actionFiles = pgTable(
  'action_files',
  {
    tenantId: columns.tenantKey(),
    actionId: columns.bigNumber('action_id').notNull(),
    ...fileListColumns(),
  },
  (t) => fileListKeys('action_files', t, t.actionId, actions),
);
