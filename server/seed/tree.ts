import type { Db } from '../db/client';
import type { Caller } from '../lib/caller';
import { createNode } from '../modules/hierarchy/service';
import type { DemoTenant } from './demo';

export interface StoreDef {
  identifier: string;
  name: string;
  street: string;
  suburb: string;
  city: string;
  state: string;
  postcode: string;
  timezone: string;
}

const OPENED = Date.parse('2019-03-01T00:00:00Z') / 1000;

/** Adds a container under a node, as `caller` would on the hierarchy screen. */
export async function addContainer(
  db: Db,
  caller: Caller,
  tenant: DemoTenant,
  parentId: number,
  name: string,
) {
  const node = await createNode(db, undefined, caller, { parent_id: parentId, type: 'container', name });
  tenant.nodeIds[name] = node.id;
  return node.id;
}

/** Adds a store (a workspace with its address and time zone) under a container, as `caller` would. */
export async function addStore(
  db: Db,
  caller: Caller,
  tenant: DemoTenant,
  parentId: number,
  store: StoreDef,
) {
  const node = await createNode(db, undefined, caller, {
    parent_id: parentId,
    type: 'workspace',
    name: store.name,
    object: {
      identifier: store.identifier,
      street_line1: store.street,
      suburb: store.suburb,
      city: store.city,
      state: store.state,
      postcode: store.postcode,
      contact: `${store.name.toLowerCase().replaceAll(' ', '.')}@stores.example`,
      description: `${store.name} store`,
      open_at: OPENED,
      timezone: store.timezone,
    },
  });
  tenant.nodeIds[store.name] = node.id;
  tenant.storeIds.push(node.id);
  return node.id;
}
