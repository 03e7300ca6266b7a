import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { ActivityEntity } from '../../contract/api/activity';
import type { Db } from '../db/client';
import { type ActivityInput, changesOf, withActivity } from '../lib/activity';

/**
 * What a write route says about its entry in the administration log. Nothing: the entry is named
 * after the route (`/api/role/update` → `role.update`, `/api/admin/task/publish` → `task.publish`).
 * `false`, with the reason: the route writes no administrative data (store work, a preview) or
 * records its own events (sign-in).
 */
export type ActivitySetting = false | { action?: string; entity?: ActivityEntity };

declare module 'fastify' {
  interface FastifyContextConfig {
    activity?: ActivitySetting;
  }
  interface FastifyInstance {
    /** The entities the write routes log under, as each route is added (contract ACTIVITY_ENTITIES lists them). */
    activityEntities: ReadonlySet<string>;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The action a write route's entries carry unless it names its own. */
export function actionOfRoute(url: string): string {
  return url
    .replace(/^\/api\/(admin\/)?/, '')
    .split('/')
    .join('.');
}

const entityOfAction = (action: string) => action.split('.').slice(0, -1).join('.') || action;

function plainBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || request.isMultipart()) return {};
  return body as Record<string, unknown>;
}

function firstText(...values: unknown[]): string | null {
  for (const v of values) if (typeof v === 'string' && v) return v;
  return null;
}

/** The entry a request makes before its service describes it: who, where from, and what the request said. */
function entryOf(request: FastifyRequest, action: string, entity: ActivityEntity): ActivityInput | undefined {
  const session = request.sessionContext;
  if (!session) return undefined;
  const caller = request.caller;
  const position = caller ? session.positions.find((p) => p.id === caller.positionId) : undefined;
  const body = plainBody(request);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const id = body.id ?? query.id;
  // A program's write is its token's, by name; the position is its creator's, at which it acts.
  const token = session.apiToken;
  return {
    tenantId: session.tenantId,
    actorId: session.user.id,
    actorTokenId: token?.id ?? null,
    actorName:
      token?.name ?? (`${session.user.firstname} ${session.user.lastname}`.trim() || session.user.username),
    actorPosition: position ? `${position.roleName} at ${position.nodeName}` : '',
    action,
    entity,
    entityId: typeof id === 'number' || typeof id === 'string' ? String(id) : null,
    entityName: firstText(body.name, body.title, body.email),
    changes: changesOf(null, body),
    scopePath: caller?.scope.path ?? '',
    ip: request.ip ?? null,
  };
}

/**
 * Puts every write route under /api in an activity context (server/lib/activity.ts): registered
 * before the modules, it sees each route as it is added, so a new route is logged without a line
 * of its own. Public routes have no one to name and write their own entries (sign-in events).
 */
export const activityPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const entities = new Set<string>();
  app.decorate('activityEntities', entities);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITES.has(m))) return;
    const setting = route.config?.activity;
    if (setting === false) return;
    const action = setting?.action ?? actionOfRoute(route.url);
    // A path's entity is checked against the contract's list by tests/server/activity.test.ts.
    const entity = setting?.entity ?? (entityOfAction(action) as ActivityEntity);
    // Public routes have nobody to name: they write no entry of the request (sign-in logs its own).
    if (!route.config?.access || !('public' in route.config.access && route.config.access.public))
      entities.add(entity);
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function recorded(request, reply) {
      const entry = entryOf(request, action, entity);
      if (!entry) return handler.call(this, request, reply);
      return withActivity(
        opts.db,
        entry,
        async () => handler.call(this, request, reply),
        () => reply.statusCode < 400,
      );
    };
  });
});
