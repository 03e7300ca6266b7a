import type { FastifyRequest } from 'fastify';
import { NO_ACTIVE_WORKSPACE_CODE } from '../../contract/constants';
import {
  type Capability,
  hasCapabilities,
  type ModuleId,
  type ModulePermission,
} from '../../contract/modules';
import { HttpError } from './errors';

/** The subtree a caller may see and act on: their selected position's node and its materialised path. */
export interface Scope {
  nodeId: number;
  path: string;
}

/**
 * Who is calling, as every handler, service and repository sees it (one shape for the whole server).
 * The guard builds it once per request from session → user → tenant → selected position → role.
 */
export interface Caller {
  tenantId: number;
  /** The admin tenant operates the platform (spec: tenant identifier 'admin'). */
  isAdminTenant: boolean;
  userId: number;
  positionId: number;
  /** The role of the selected position: what the caller holds is also the ceiling of what they may give. */
  roleId: number;
  /** The selected position's node type: a `root` caller sees the whole tenant. */
  nodeType: 'root' | 'container' | 'workspace' | 'unassigned';
  scope: Scope;
  permissions: ModulePermission[];
}

/**
 * 401 for a signed-in person with no position at an active workspace. The sentence keeps the word
 * "workspace" in English, where older clients look for it; newer ones read the code.
 */
export const noActiveWorkspace = () =>
  new HttpError(
    401,
    'You have no position at an active workspace. Ask your administrator to assign you.',
    undefined,
    NO_ACTIVE_WORKSPACE_CODE,
  );

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard on every route that needs a position (see plugins/auth). */
    caller: Caller | undefined;
  }
}

/** The caller of a request behind the guard; 401 when the route ran without a selected position. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw noActiveWorkspace();
  return request.caller;
}

export const can = (caller: Caller, module: ModuleId, capabilities: Capability[] = ['read']) =>
  hasCapabilities(caller.permissions, module, capabilities);

/** True when the materialised path lies in the caller's subtree. */
export const inScope = (caller: Caller, path: string) => path.startsWith(caller.scope.path);
