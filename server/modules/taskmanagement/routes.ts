import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdBody } from '../../../contract/api/common';
import {
  Task,
  TaskArchiveResult,
  TaskCreateBody,
  TaskDateQuery,
  TaskDay,
  TaskListQuery,
  TaskPage,
  TaskPreview,
  TaskPreviewBody,
  TaskPublishResult,
  TaskSearchQuery,
  TaskUpdateBody,
} from '../../../contract/api/tasks';
import type { Capability } from '../../../contract/modules';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { recordRoutes } from '../../lib/recordRoutes';
import type { Access } from '../../plugins/auth';
import { searchTasks, tasksOnDate } from './day';
import { archive, publish } from './lifecycle';
import { preview } from './preview';
import * as taskService from './service';

const tags = ['task management'];
const access = (can: Capability[]): Access => ({ module: 'taskmanagement', can });

export const taskManagementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/task/list',
    {
      schema: {
        tags,
        summary: 'Tasks authored in or targeting the caller’s part of the organisation, with progress',
        querystring: TaskListQuery,
        response: responses(TaskPage),
      },
      config: { access: access(['read']) },
    },
    async (request) => ok(await taskService.list(app.db, callerOf(request), request.query)),
  );

  recordRoutes(app, {
    stem: '/api/admin/task',
    noun: 'task',
    tags,
    access: 'taskmanagement',
    record: Task,
    get: {
      summary: 'A task with its targets, schedule, rules and progress per store',
      run: (caller, id) => taskService.get(app.db, caller, id),
    },
    create: {
      summary: 'Save a new task as a draft',
      body: TaskCreateBody,
      run: (caller, body) => taskService.create(app.db, caller, body),
    },
    update: {
      summary: 'Replace a task’s fields; on a published task only future open assignments change',
      body: TaskUpdateBody,
      run: (caller, body) => taskService.update(app.db, app.jobs, caller, body.id, body),
    },
    remove: {
      summary: 'Delete a draft (a published task is archived instead: 409)',
      run: (caller, id) => taskService.remove(app.db, caller, id),
    },
  });

  app.post(
    '/api/admin/task/publish',
    {
      schema: {
        tags,
        summary: 'Publish a draft: create its assignments (publishing twice changes nothing)',
        body: IdBody,
        response: responses(TaskPublishResult),
      },
      // Its author publishes with create or update; someone else's draft needs manage (the service decides).
      config: { access: access(['read']) },
    },
    async (request) => ok(await publish(app.db, app.jobs, callerOf(request), request.body.id)),
  );

  app.post(
    '/api/admin/task/archive',
    {
      schema: {
        tags,
        summary: 'Archive a published task: no more occurrences; open assignments become cancelled',
        body: IdBody,
        response: responses(TaskArchiveResult),
      },
      config: { access: access(['update']) },
    },
    async (request) => ok(await archive(app.db, app.jobs, callerOf(request), request.body.id)),
  );

  app.post(
    '/api/admin/task/preview',
    {
      schema: {
        tags,
        summary: 'Who would receive this task: stores, people, and the busiest store’s planned minutes',
        body: TaskPreviewBody,
        response: responses(TaskPreview),
      },
      // A read with a body: it writes nothing.
      config: { access: access(['read']), activity: false },
    },
    async (request) => ok(await preview(app.db, callerOf(request), request.body)),
  );

  app.get(
    '/api/admin/task/date',
    {
      schema: {
        tags,
        summary: 'Published tasks with work in the caller’s scope on a local day, grouped by type',
        querystring: TaskDateQuery,
        response: responses(TaskDay),
      },
      config: { access: access(['read']) },
    },
    async (request) => ok(await tasksOnDate(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/admin/task/search',
    {
      schema: {
        tags,
        summary: 'Published tasks in the caller’s scope whose title matches, grouped by type',
        querystring: TaskSearchQuery,
        response: responses(TaskDay),
      },
      config: { access: access(['read']) },
    },
    async (request) => ok(await searchTasks(app.db, callerOf(request), request.query)),
  );
};
