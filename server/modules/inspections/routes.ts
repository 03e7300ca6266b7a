import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { IdQuery, SPREADSHEET_TYPES } from '../../../contract/api/common';
import * as api from '../../../contract/api/inspections';
import { requestLanguage } from '../../i18n';
import { callerOf } from '../../lib/caller';
import { fileResponses, ok, responses, sendFile } from '../../lib/http';
import { sendTable } from '../../lib/spreadsheet';
import type { Access } from '../../plugins/auth';
import * as listing from './listing';
import { inspectionReport } from './report';
import * as inspections from './service';

const tags = ['inspections'];
const access = (...can: ('create' | 'read' | 'update' | 'delete')[]): { access: Access } => ({
  access: { module: 'inspection', can },
});
/**
 * Signed in at a position, whatever the capabilities: an inspection is read and answered by its
 * inspector (who may hold create without read), by those who read or update inspections there,
 * and a task's form by the store's people who complete its tasks; the service decides which.
 */
const anyInspectionRight: { access: Access } = { access: {} };

/** Inspections (issue 48): store visits with a form template's version, scored as they are answered. */
export const inspectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/inspection/create',
    {
      schema: {
        tags,
        summary: 'Start an inspection of a store in your part of the tree with a template’s current version',
        body: api.InspectionCreateBody,
        response: responses(api.Inspection),
      },
      config: access('create'),
    },
    async (request) => ok(await inspections.createInspection(app.db, callerOf(request), request.body)),
  );

  app.post(
    '/api/user/task/form',
    {
      schema: {
        tags,
        summary:
          'Open the form of a store’s task: its inspection, started with the task’s version on first open; finishing it completes the task',
        body: api.TaskFormOpenBody,
        response: responses(api.Inspection),
      },
      config: { access: { module: 'mytasks', can: ['complete'] }, activity: false },
    },
    async (request) =>
      ok(await inspections.openTaskForm(app.db, callerOf(request), request.body.assignment_id)),
  );

  app.get(
    '/api/inspection/get',
    {
      schema: {
        tags,
        summary: 'An inspection with its version’s form, its answers, failed items and signature',
        querystring: IdQuery,
        response: responses(api.Inspection),
      },
      config: anyInspectionRight,
    },
    async (request) => ok(await inspections.getInspection(app.db, callerOf(request), request.query.id)),
  );

  app.put(
    '/api/inspection/answer',
    {
      schema: {
        tags,
        summary: 'Save one question’s answer of an inspection in progress and its score (safe to repeat)',
        body: api.InspectionAnswerBody,
        response: responses(api.Inspection),
      },
      // Saved at every question, dozens of times per visit: the log keeps the inspection's start,
      // finish and removal, and the answers themselves are the record of what was said.
      config: { ...anyInspectionRight, activity: false },
    },
    async (request) => ok(await inspections.answerQuestion(app.db, callerOf(request), request.body)),
  );

  app.put(
    '/api/inspection/finish',
    {
      schema: {
        tags,
        summary:
          'Finish an inspection with a signature: 400 INSPECTION_INCOMPLETE with what each question still owes, 409 when finished already',
        body: api.InspectionFinishBody,
        response: responses(api.Inspection),
      },
      config: anyInspectionRight,
    },
    async (request) =>
      ok(
        await inspections.finish(
          app.db,
          { jobs: app.jobs, mailer: app.mailer, publicUrl: app.config.publicUrl },
          callerOf(request),
          request.body,
        ),
      ),
  );

  app.delete(
    '/api/inspection/delete',
    {
      schema: {
        tags,
        summary: 'Remove an inspection of your part of the tree',
        querystring: IdQuery,
        response: responses(Type.Object({ id: Type.Integer() })),
      },
      config: access('delete'),
    },
    async (request) => ok(await inspections.removeInspection(app.db, callerOf(request), request.query.id)),
  );

  app.get(
    '/api/inspection/list',
    {
      schema: {
        tags,
        summary: `Inspections of your part of the tree, filtered; format=csv or xlsx downloads them (at most ${listing.EXPORT_LIMIT})`,
        querystring: api.InspectionListQuery,
        response: fileResponses(SPREADSHEET_TYPES, api.InspectionPage),
      },
      config: access('read'),
    },
    async (request, reply) => {
      const { format = 'json' } = request.query;
      if (format === 'json') return ok(await listing.list(app.db, callerOf(request), request.query));
      const table = await listing.exportTable(app.db, callerOf(request), request.query);
      return sendTable(request, reply, app.db, table, format);
    },
  );

  app.get(
    '/api/inspection/report',
    {
      schema: {
        tags,
        summary:
          'An inspection’s report as a PDF: score, failed items first with their photos, every answer, the signature',
        querystring: IdQuery,
        response: fileResponses(['application/pdf']),
      },
      config: anyInspectionRight,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const language = await requestLanguage(request, app.db);
      const report = await inspectionReport(app.db, app.files, caller, request.query.id, language);
      return sendFile(reply, {
        mime: 'application/pdf',
        body: report.body,
        disposition: { kind: 'inline', name: report.filename },
      });
    },
  );

  app.get(
    '/api/inspection/scores',
    {
      schema: {
        tags,
        summary:
          'Average inspection scores of a store or an area (your own place when no node_id) over a range: totals, week by week, per child; format=csv or xlsx downloads the per-child table',
        querystring: api.InspectionScoresQuery,
        response: fileResponses(SPREADSHEET_TYPES, api.InspectionScores),
      },
      config: access('read'),
    },
    async (request, reply) => {
      const { format = 'json' } = request.query;
      const result = await listing.scores(app.db, callerOf(request), request.query);
      if (format === 'json') return ok(result);
      return sendTable(request, reply, app.db, listing.scoresTable(result), format);
    },
  );

  app.get(
    '/api/inspection/recurring',
    {
      schema: {
        tags,
        summary:
          'The questions that failed most in the finished inspections of a store or an area (your own place when no node_id) over a range; format=csv or xlsx downloads them',
        querystring: api.InspectionRecurringQuery,
        response: fileResponses(SPREADSHEET_TYPES, api.InspectionRecurring),
      },
      config: access('read'),
    },
    async (request, reply) => {
      const { format = 'json' } = request.query;
      const result = await listing.recurring(app.db, callerOf(request), request.query);
      if (format === 'json') return ok(result);
      return sendTable(request, reply, app.db, listing.recurringTable(result), format);
    },
  );
};
