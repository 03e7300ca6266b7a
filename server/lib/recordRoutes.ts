import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type, { type Static, type TSchema } from 'typebox';
import { IdQuery } from '../../contract/api/common';
import type { Capability, ModuleId } from '../../contract/modules';
import type { Access } from '../plugins/auth';
import { type Caller, callerOf } from './caller';
import { ok, responses } from './http';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** What one of the record's routes does with the caller and its input, and how the document names it. */
interface Step<In, Out> {
  summary?: string;
  run: (caller: Caller, input: In, request: FastifyRequest) => Promise<Out>;
}

/** A route that takes a body (create, update): its schema and what it does with it. */
interface BodyStep<B extends TSchema, Out> extends Step<Static<B>, Out> {
  body: B;
}

export interface RecordRouteSpec<R extends TSchema, C extends TSchema, U extends TSchema> {
  /** The routes' stem: `/api/department` serves `/api/department/get`, `…/create`, `…/update`, `…/delete`. */
  stem: string;
  /** What one record is, for the summaries the document shows of the steps that give none. */
  noun: string;
  tags: string[];
  /**
   * Who may call each route. A module alone means its capability of the route's name (read for get,
   * create, update, delete); a whole rule serves every route as it is (e.g. task types: setting.update).
   */
  access: ModuleId | Access;
  /** The record get, create and update answer. */
  record: R;
  get?: Step<number, Static<R>>;
  create?: BodyStep<C, Static<R>>;
  update?: BodyStep<U, Static<R>>;
  /** Answers the removed record's id. */
  remove?: Step<number, { id: number }>;
}

/**
 * The by-id record routes several administration screens share (get, create, update, delete), in
 * that order: each one calls its service with the caller and its validated input and answers in the
 * envelope, with the same schemas, access rules and document entries the modules used to spell out
 * one by one. The list routes differ from module to module (caches, looser access) and stay there.
 */
export function recordRoutes<R extends TSchema, C extends TSchema, U extends TSchema>(
  app: App,
  spec: RecordRouteSpec<R, C, U>,
): void {
  const { stem, tags } = spec;
  // Fastify checks a handler's answer against its schema's static type, which it cannot work out
  // for a schema still generic here; the spec's steps are typed by R, C and U, so Fastify is shown
  // the schemas as plain ones (and each body, validated against its schema, read back as its type).
  const record: TSchema = spec.record;
  const access = (capability: Capability): Access =>
    typeof spec.access === 'string' ? { module: spec.access, can: [capability] } : spec.access;
  const article = /^[aeiou]/i.test(spec.noun) ? 'an' : 'a';
  const SUMMARIES = {
    get: `One ${spec.noun} by its id`,
    create: `Create ${article} ${spec.noun}`,
    update: `Change ${article} ${spec.noun}`,
    delete: `Delete ${article} ${spec.noun}`,
  };
  const summaryOf = (step: { summary?: string }, verb: keyof typeof SUMMARIES) => ({
    summary: step.summary ?? SUMMARIES[verb],
  });
  const { get, create, update, remove } = spec;

  // get and delete name the record by `id` in the query string …
  const byId = (verb: 'get' | 'delete', step: Step<number, unknown>, response: TSchema) =>
    app.route({
      method: verb === 'get' ? 'GET' : 'DELETE',
      url: `${stem}/${verb}`,
      schema: { tags, ...summaryOf(step, verb), querystring: IdQuery, response: responses(response) },
      config: { access: access(verb === 'get' ? 'read' : 'delete') },
      handler: async (request) => ok(await step.run(callerOf(request), request.query.id, request)),
    });
  // … create and update send it as the body.
  const withBody = <B>(verb: 'create' | 'update', step: Step<B, unknown> & { body: TSchema }) =>
    app.route({
      method: verb === 'create' ? 'POST' : 'PUT',
      url: `${stem}/${verb}`,
      schema: { tags, ...summaryOf(step, verb), body: step.body, response: responses(record) },
      config: { access: access(verb) },
      handler: async (request) => ok(await step.run(callerOf(request), request.body as B, request)),
    });

  if (get) byId('get', get, record);
  if (create) withBody('create', create);
  if (update) withBody('update', update);
  if (remove) byId('delete', remove, Type.Object({ id: Type.Integer() }));
}
