import { and, eq } from 'drizzle-orm';
import { hierarchyNodes, taskAttachments, taskFiles, taskFileUploads, taskTargets } from '../db/schema';

// As in positionJoins.ts: each join matches the tenant as well as the key.

/** From a task's attachment to the stored file. */
export const attachmentFile = and(
  eq(taskFiles.tenantId, taskAttachments.tenantId),
  eq(taskFiles.hash, taskAttachments.hash),
);

/** From a stored file to who uploaded it. */
export const fileUpload = and(
  eq(taskFileUploads.tenantId, taskFiles.tenantId),
  eq(taskFileUploads.hash, taskFiles.hash),
);

/** From a task's target to the node it names. */
export const targetNode = and(
  eq(hierarchyNodes.tenantId, taskTargets.tenantId),
  eq(hierarchyNodes.id, taskTargets.nodeId),
);
