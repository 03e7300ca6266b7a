import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdBody, IdQuery } from '../../../contract/api/common';
import {
  FormTemplate,
  FormTemplateCreateBody,
  FormTemplateListQuery,
  FormTemplatePage,
  FormTemplateUpdateBody,
  FormTemplateVersions,
} from '../../../contract/api/forms';
import { type Caller, callerOf, can } from '../../lib/caller';
import { forbidden } from '../../lib/errors';
import { ok, responses } from '../../lib/http';
import { recordRoutes } from '../../lib/recordRoutes';
import * as templates from './service';

const tags = ['form-templates'];

/**
 * An inspector picks the template of an inspection, a reader of inspections filters them by
 * template: reading templates needs formtemplate.read or inspection.read (every template: an
 * archived one's inspections are still listed), or inspection.create (the active ones only).
 */
function reader(caller: Caller): 'all' | 'active' {
  if (can(caller, 'formtemplate', ['read']) || can(caller, 'inspection', ['read'])) return 'all';
  if (can(caller, 'inspection', ['create'])) return 'active';
  throw forbidden();
}

export const formTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/form-template/list',
    {
      schema: {
        tags,
        summary:
          'Form templates of the tenant (formtemplate.read or inspection.read; inspection.create: the active ones)',
        querystring: FormTemplateListQuery,
        response: responses(FormTemplatePage),
      },
      config: { access: {} },
    },
    async (request) => {
      const caller = callerOf(request);
      const query =
        reader(caller) === 'all' ? request.query : { ...request.query, status: 'active' as const };
      return ok(await templates.list(app.db, caller, query));
    },
  );

  app.get(
    '/api/form-template/get',
    {
      schema: {
        tags,
        summary:
          'One form template with its current version (formtemplate.read, inspection.read or inspection.create)',
        querystring: IdQuery,
        response: responses(FormTemplate),
      },
      config: { access: {} },
    },
    async (request) => {
      const caller = callerOf(request);
      reader(caller);
      return ok(await templates.get(app.db, caller, request.query.id));
    },
  );

  const record = {
    stem: '/api/form-template',
    noun: 'form template',
    tags,
    access: 'formtemplate',
    record: FormTemplate,
  } as const;
  recordRoutes(app, {
    ...record,
    create: {
      summary: 'Create a form template: its content becomes version 1',
      body: FormTemplateCreateBody,
      run: (caller, body) => templates.create(app.db, caller, body),
    },
    update: {
      summary:
        'Change a form template: in place while no inspection used its current version, else as the next version',
      body: FormTemplateUpdateBody,
      run: (caller, body) => templates.update(app.db, caller, body),
    },
  });

  app.post(
    '/api/form-template/duplicate',
    {
      schema: {
        tags,
        summary: 'A new template "<name> (copy)" with the current content as its version 1',
        body: IdBody,
        response: responses(FormTemplate),
      },
      config: { access: { module: 'formtemplate', can: ['create'] } },
    },
    async (request) => ok(await templates.duplicate(app.db, callerOf(request), request.body.id)),
  );

  const setStatus = { archive: templates.archive, restore: templates.restore };
  for (const verb of ['archive', 'restore'] as const)
    app.put(
      `/api/form-template/${verb}`,
      {
        schema: {
          tags,
          summary:
            verb === 'archive'
              ? 'Archive a form template: kept with its inspections, no longer offered for new ones'
              : 'Make an archived form template active again (refused while an active one has its name)',
          body: IdBody,
          response: responses(FormTemplate),
        },
        config: { access: { module: 'formtemplate', can: ['update'] } },
      },
      async (request) => ok(await setStatus[verb](app.db, callerOf(request), request.body.id)),
    );

  // Last in the document, after the writes that make templates (the coherence walk follows its order).
  recordRoutes(app, {
    ...record,
    remove: {
      summary: 'Delete a form template no inspection or task used (archive one that was used)',
      run: (caller, id) => templates.remove(app.db, caller, id),
    },
  });

  app.get(
    '/api/form-template/versions',
    {
      schema: {
        tags,
        summary: 'A form template’s versions, newest first, with their inspections',
        querystring: IdQuery,
        response: responses(FormTemplateVersions),
      },
      config: { access: { module: 'formtemplate', can: ['read'] } },
    },
    async (request) => ok(await templates.versions(app.db, callerOf(request), request.query.id)),
  );
};
