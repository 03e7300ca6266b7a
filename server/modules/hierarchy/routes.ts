import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AssignListQuery,
  AssignmentPage,
  HierarchyTreeData,
  ListObjectQuery,
  NodeCreateBody,
  NodeDeleteBody,
  NodeDeleteData,
  NodeRecord,
  NodeUpdateBody,
  TransferBody,
  TransferData,
} from '../../../contract/api/hierarchy';
import { callerOf } from '../../lib/caller';
import { ok, responses } from '../../lib/http';
import { sendKept } from '../../lib/keptBody';
import { recordRoutes } from '../../lib/recordRoutes';
import { sessionOf } from '../../plugins/auth';
import {
  createNode,
  deleteNodes,
  getNode,
  listNodeAssignments,
  transferAssignments,
  updateNode,
} from './service';
import { notModified, treeDocument } from './treeCache';

const tags = ['hierarchy'];

/**
 * tree/fetch: the tenant's tree is read and serialised once per tree_version (by the route's own
 * serialiser), compressed once per encoding, and revalidated by clients with its ETag.
 */
async function sendTree(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const caller = callerOf(request);
  const version = sessionOf(request).versions.tree;
  const document = await treeDocument(this.db, caller, version, (nodes) =>
    String(reply.serialize(ok(nodes))),
  );
  reply
    .header('etag', document.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding');
  if (notModified(request.headers['if-none-match'], document.etag)) return reply.code(304).send();
  return sendKept(request, reply, document);
}

/** Spec §7 hierarchy calls, every one limited to the caller's subtree. */
export const hierarchyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/hierarchy/tree/fetch',
    {
      schema: {
        tags,
        summary: 'The hierarchy under the caller’s position, with workspace objects and head counts',
        response: responses(HierarchyTreeData),
      },
      config: { access: { module: 'hierarchy', can: ['read'] } },
    },
    sendTree,
  );

  // Create and update answer the node as get reads it (with its workspace object and counts).
  recordRoutes(app, {
    stem: '/api/hierarchy/node',
    noun: 'hierarchy node',
    tags,
    access: 'hierarchy',
    record: NodeRecord,
    get: { run: (caller, id) => getNode(app.db, caller, id) },
    create: {
      summary: 'Add a container or a workspace (with its object) under a node',
      body: NodeCreateBody,
      run: async (caller, body) =>
        getNode(app.db, caller, (await createNode(app.db, app.jobs, caller, body)).id),
    },
    update: {
      summary: 'Rename a node or edit its workspace object; with parent_id, move it and its subtree',
      body: NodeUpdateBody,
      run: async (caller, body) =>
        getNode(app.db, caller, (await updateNode(app.db, app.jobs, caller, body)).id),
    },
  });

  app.delete(
    '/api/hierarchy/node/delete',
    {
      schema: {
        tags,
        summary: 'Delete nodes and their subtrees; their people move to the unassigned node',
        body: NodeDeleteBody,
        response: responses(NodeDeleteData),
      },
      config: { access: { module: 'hierarchy', can: ['delete'] } },
    },
    async (request) => ok(await deleteNodes(app.db, app.jobs, callerOf(request), request.body.ids)),
  );

  app.get(
    '/api/hierarchy/assign/list',
    {
      schema: {
        tags,
        summary: 'Positions held at exactly this node (id = position id)',
        querystring: AssignListQuery,
        response: responses(AssignmentPage),
      },
      config: { access: { module: 'hierarchy', can: ['read'] } },
    },
    async (request) => ok(await listNodeAssignments(app.db, callerOf(request), request.query, false)),
  );

  app.get(
    '/api/hierarchy/node/listObject',
    {
      schema: {
        tags,
        summary: 'Users positioned at this node or anywhere below it (type=user)',
        querystring: ListObjectQuery,
        response: responses(AssignmentPage),
      },
      config: { access: { module: 'hierarchy', can: ['read'] } },
    },
    async (request) => ok(await listNodeAssignments(app.db, callerOf(request), request.query, true)),
  );

  app.put(
    '/api/hierarchy/assign/transfer',
    {
      schema: {
        tags,
        summary: 'Move positions (ids from assign/list) to another node, keeping their roles',
        body: TransferBody,
        response: responses(TransferData),
      },
      config: { access: { module: 'hierarchy', can: ['update'] } },
    },
    async (request) => ok(await transferAssignments(app.db, app.jobs, callerOf(request), request.body)),
  );
};
