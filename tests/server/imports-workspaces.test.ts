import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ImportFileList, WORKSPACE_IMPORT_COLUMNS } from '../../contract/api/imports';
import { hierarchyNodes, workspaces } from '../../server/db/schema';
import { OWNER } from './helpers/acmePeople';
import { appWithFiles } from './helpers/files';
import { csv, importCalls, injectFailure, reportError } from './helpers/imports';
import { taskKit } from './helpers/tasks';

const t = appWithFiles('storeline-imports-');
const stores = importCalls(t, 'workspace');
const k = taskKit(t);
const BUILDER = 'builder@acme.test';
const HEADER = WORKSPACE_IMPORT_COLUMNS;

/** A row of the template's columns from the ones given. */
const row = (values: Partial<Record<(typeof HEADER)[number], string>>) => HEADER.map((h) => values[h] ?? '');

beforeAll(async () => {
  // An area role that may also open stores, to see the scope rules apply per row.
  const role = await t.injectAs(OWNER, {
    method: 'POST',
    url: '/api/role/create',
    payload: {
      name: 'Area Builder',
      description: 'Opens stores in an area',
      permissions: [
        { id: 'workspace', status: 'active', capabilities: ['create', 'read', 'update'] },
        { id: 'hierarchy', status: 'active', capabilities: ['read'] },
      ],
    },
  });
  expect(role.statusCode).toBe(200);
  await k.org.addUser(BUILDER, 'Sydney Metro', 'Area Builder');
});

async function storeNode(identifier: string) {
  const tenantId = await k.org.tenantId();
  const [found] = await t.database.db
    .select({ node: hierarchyNodes, object: workspaces })
    .from(workspaces)
    .innerJoin(
      hierarchyNodes,
      and(eq(hierarchyNodes.tenantId, workspaces.tenantId), eq(hierarchyNodes.id, workspaces.nodeId)),
    )
    .where(and(eq(workspaces.tenantId, tenantId), eq(workspaces.identifier, identifier)));
  return found;
}

const parentName = async (identifier: string) =>
  (await k.org.maybeNode((await storeNode(identifier))!.node.parentId!))!.name;

describe('templates', () => {
  it('gives the columns and an example row that imports as it stands', async () => {
    const res = await stores.get(OWNER, 'template', {});
    expect(res.statusCode).toBe(200);
    const [header] = res.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toBe(
      'identifier,name,parent,street_line1,street_line2,suburb,city,state,postcode,contact,description,open_date,timezone,status',
    );
    const detail = await stores.uploaded(OWNER, res.rawPayload, 'template.csv');
    expect(detail.report).toMatchObject({ rows: 1, create: 1, error_rows: 0 });
    await stores.remove(OWNER, detail.file.filename);
  });
});

describe('stores: create, update, unchanged', () => {
  it('creates new stores under paths or container names, updates and moves known ones, leaves the rest', async () => {
    const cbdBefore = await storeNode('NSW-001');
    const file = csv(HEADER, [
      row({
        identifier: 'NSW-010',
        name: 'Sydney Olympic Park',
        parent: 'New South Wales / Sydney Metro',
        street_line1: '1 Olympic Boulevard',
        suburb: 'Sydney Olympic Park',
        city: 'Sydney',
        state: 'NSW',
        postcode: '2127',
        contact: '02 9000 1000',
        open_date: '2024-05-01',
        timezone: 'Australia/Sydney',
      }),
      row({ identifier: 'VIC-010', name: 'Southbank', parent: 'Melbourne Metro', status: 'inactive' }),
      row({ identifier: 'NSW-001', name: 'Sydney CBD', contact: 'cbd@acme.example' }),
      row({ identifier: 'nsw-002', name: 'Parramatta', parent: 'New South Wales / Sydney Metro' }),
      row({
        identifier: 'NSW-003',
        name: 'Bondi Junction',
        parent: 'Acme Retail / New South Wales / Regional NSW',
      }),
    ]);
    const { report, file: uploaded } = await stores.uploaded(OWNER, file, 'stores.csv');
    expect(report.errors).toEqual([]);
    expect(report.preview.map((p) => p.action)).toEqual([
      'create',
      'create',
      'update',
      'unchanged',
      'update',
    ]);
    const progress = await stores.ran(OWNER, uploaded.filename);
    expect(progress).toMatchObject({ state: 'imported', created: 2, updated: 2, unchanged: 1, failed: 0 });

    const olympic = (await storeNode('NSW-010'))!;
    const metro = await k.org.node('Sydney Metro');
    expect(olympic.node).toMatchObject({
      name: 'Sydney Olympic Park',
      type: 'workspace',
      status: 'active',
      parentId: metro.id,
      level: metro.level + 1,
      path: `${metro.path}${olympic.node.id}/`,
    });
    expect(olympic.object).toMatchObject({
      streetLine1: '1 Olympic Boulevard',
      postcode: '2127',
      contact: '02 9000 1000',
      timezone: 'Australia/Sydney',
      openAt: new Date('2024-05-01T00:00:00Z'),
    });
    expect((await storeNode('VIC-010'))!.node.status).toBe('inactive');
    expect(await parentName('VIC-010')).toBe('Melbourne Metro');
    // Empty cells keep what the store had.
    const cbd = (await storeNode('NSW-001'))!;
    expect(cbd.object).toEqual({ ...cbdBefore!.object, contact: 'cbd@acme.example' });
    const bondi = (await storeNode('NSW-003'))!;
    const regional = await k.org.node('Regional NSW');
    expect(bondi.node).toMatchObject({
      parentId: regional.id,
      path: `${regional.path}${bondi.node.id}/`,
      level: regional.level + 1,
    });

    // The tree answers with the new stores (its cached copy follows the writes).
    const tree = await t.injectAs(OWNER, { url: '/api/hierarchy/tree/fetch' });
    expect(tree.body).toContain('Sydney Olympic Park');
    const again = await stores.uploaded(OWNER, file, 'stores.csv');
    expect(again.report).toMatchObject({ create: 0, update: 0, unchanged: 5 });
  });

  it('reports every problem with its row and column; all or nothing writes none of them', async () => {
    const file = csv(HEADER, [
      /* 2 */ row({ name: 'No Identifier', parent: 'Sydney Metro' }),
      /* 3 */ row({ identifier: 'DUP-1', name: 'First', parent: 'Sydney Metro' }),
      /* 4 */ row({ identifier: 'dup-1', name: 'Second', parent: 'Sydney Metro' }),
      /* 5 */ row({ identifier: 'E-5', parent: 'Sydney Metro' }),
      /* 6 */ row({
        identifier: 'E-6',
        name: 'Under a store',
        parent: 'New South Wales / Sydney Metro / Sydney CBD',
      }),
      /* 7 */ row({ identifier: 'E-7', name: 'Nowhere', parent: 'New South Wales / Inner West' }),
      /* 8 */ row({ identifier: 'E-8', name: 'Unassigned', parent: 'Unassigned' }),
      /* 9 */ row({ identifier: 'E-9', name: 'Mars', parent: 'Sydney Metro', timezone: 'Mars/Olympus' }),
      /* 10 */ row({ identifier: 'E-10', name: 'Date', parent: 'Sydney Metro', open_date: '01/05/2024' }),
      /* 11 */ row({ identifier: 'E-11', name: 'Status', parent: 'Sydney Metro', status: 'closed' }),
      /* 12 */ row({
        identifier: 'E-12',
        name: 'Postcode',
        parent: 'Sydney Metro',
        postcode: '1'.repeat(21),
      }),
      /* 13 */ row({ identifier: 'E-13', name: 'Orphan' }),
      /* 14 */ row({ identifier: 'E-14', name: 'Fine', parent: 'Sydney Metro' }),
    ]);
    const { report, file: uploaded } = await stores.uploaded(OWNER, file, 'store errors.csv');
    expect(report.errors).toEqual([
      reportError(2, 'identifier', 'identifier is required'),
      reportError(4, 'identifier', 'This identifier is also on row 3'),
      reportError(5, 'name', 'name is required'),
      reportError(6, 'parent', 'New South Wales / Sydney Metro / Sydney CBD is a store, not a container'),
      reportError(
        7,
        'parent',
        'No container "New South Wales / Inner West": tick "Create missing containers"',
      ),
      reportError(8, 'parent', 'Unassigned only holds people'),
      reportError(9, 'timezone', 'Time zone "Mars/Olympus" is not recognised'),
      reportError(10, 'open_date', '"01/05/2024" is not a date: write it as YYYY-MM-DD'),
      reportError(11, 'status', 'Use active or inactive'),
      reportError(12, 'postcode', 'postcode can be at most 20 characters'),
      reportError(13, 'parent', 'parent is required for a new store'),
    ]);
    expect(report).toMatchObject({
      rows: 13,
      create: 2,
      error_rows: 11,
      missing_containers: ['New South Wales / Inner West'],
    });
    const nodesBefore = await k.org.nodeCount();
    const progress = await stores.ran(OWNER, uploaded.filename);
    expect(progress).toMatchObject({ state: 'failed', created: 0, failed: 13 });
    expect(await k.org.nodeCount()).toBe(nodesBefore);
    expect(await storeNode('E-14')).toBeUndefined();
  });
});

describe('containers, limits, scope', () => {
  it('makes the missing containers when asked, each once, level by level', async () => {
    const file = csv(HEADER, [
      row({ identifier: 'IW-1', name: 'Leichhardt', parent: 'New South Wales / Inner West' }),
      row({ identifier: 'TAS-1', name: 'Hobart CBD', parent: 'Tasmania / Hobart' }),
      row({ identifier: 'TAS-2', name: 'Sandy Bay', parent: 'tasmania / hobart' }),
    ]);
    const { report, file: uploaded } = await stores.uploaded(OWNER, file, 'containers.csv');
    expect(report.missing_containers.sort()).toEqual(['New South Wales / Inner West', 'Tasmania / Hobart']);
    expect(report.error_rows).toBe(3);
    const nodesBefore = await k.org.nodeCount();
    const progress = await stores.ran(OWNER, uploaded.filename, { create_containers: true });
    expect(progress).toMatchObject({
      state: 'imported',
      created: 3,
      containers_created: 3,
      create_containers: true,
    });
    expect(await k.org.nodeCount()).toBe(nodesBefore + 6);
    const [tasmania, hobart, innerWest, nsw] = await Promise.all(
      ['Tasmania', 'Hobart', 'Inner West', 'New South Wales'].map((n) => k.org.node(n)),
    );
    expect(tasmania).toMatchObject({ type: 'container', level: 1 });
    expect(hobart).toMatchObject({
      type: 'container',
      parentId: tasmania!.id,
      path: `${tasmania!.path}${hobart!.id}/`,
      level: 2,
    });
    expect(innerWest).toMatchObject({ parentId: nsw!.id, level: 2 });
    expect(await parentName('TAS-1')).toBe('Hobart');
    expect(await parentName('TAS-2')).toBe('Hobart');
    expect((await storeNode('TAS-2'))!.node.path).toBe(
      `${hobart!.path}${(await storeNode('TAS-2'))!.node.id}/`,
    );
  });

  it('keeps to the active-workspace limit, counting the room the file’s deactivations make', async () => {
    const active = await k.org.activeWorkspaces();
    await k.org.setMaxActive(active + 1);
    try {
      const file = csv(HEADER, [
        row({ identifier: 'LIM-A', name: 'Limit A', parent: 'Sydney Metro' }),
        row({ identifier: 'LIM-B', name: 'Limit B', parent: 'Sydney Metro', status: 'active' }),
        row({ identifier: 'LIM-C', name: 'Limit C', parent: 'Sydney Metro', status: 'inactive' }),
        row({ identifier: 'LIM-D', name: 'Limit D', parent: 'Sydney Metro' }),
        row({ identifier: 'NSW-102', name: 'Wollongong', status: 'inactive' }),
      ]);
      const { report, file: uploaded } = await stores.uploaded(OWNER, file, 'limit.csv');
      expect(report.errors).toEqual([
        {
          row: 5,
          column: 'status',
          message: `The limit of ${active + 1} active stores would be exceeded: import this one as inactive, or deactivate others first`,
        },
      ]);
      const progress = await stores.ran(OWNER, uploaded.filename, { mode: 'valid' });
      expect(progress).toMatchObject({ state: 'imported', created: 3, updated: 1, failed: 1 });
      expect(await k.org.activeWorkspaces()).toBe(active + 1);
      expect((await storeNode('NSW-102'))!.node.status).toBe('inactive');
    } finally {
      await k.org.setMaxActive(1000);
    }
  });

  it('applies the caller’s scope to every row', async () => {
    const file = csv(HEADER, [
      row({ identifier: 'SM-1', name: 'Mascot', parent: 'Sydney Metro' }),
      row({ identifier: 'SM-2', name: 'Newtown', parent: 'New South Wales / Sydney Metro / Inner Ring' }),
      row({ identifier: 'RN-1', name: 'Dubbo', parent: 'Regional NSW' }),
      row({ identifier: 'VIC-001', name: 'Melbourne Central', contact: 'x' }),
      row({ identifier: 'NT-1', name: 'Darwin', parent: 'Northern Territory / Top End' }),
    ]);
    const { file: uploaded } = await stores.uploaded(BUILDER, file, 'scope.csv');
    const progress = await stores.ran(BUILDER, uploaded.filename, { mode: 'valid', create_containers: true });
    expect(progress).toMatchObject({ state: 'imported', created: 2, containers_created: 1, failed: 3 });
    const rows = await stores.resultRows(BUILDER, uploaded.filename);
    expect(rows.map((r) => [r.row, r.action, r.message])).toEqual([
      ['2', 'created', ''],
      ['3', 'created', ''],
      ['4', 'failed', 'parent: New South Wales / Regional NSW is outside your part of the organisation'],
      ['5', 'failed', 'identifier: The store VIC-001 is outside your part of the organisation'],
      ['6', 'failed', expect.stringContaining('could only be made outside your part of the organisation')],
    ]);
    expect(await parentName('SM-2')).toBe('Inner Ring');
    expect((await stores.get('area@acme.test', 'list', {})).statusCode).toBe(403);
    expect((await stores.upload('area@acme.test', file, 'x.csv')).statusCode).toBe(403);
  });
});

describe('runs', () => {
  it('rolls back the containers and stores when the database fails mid-run', async () => {
    const file = csv(HEADER, [
      row({ identifier: 'RB-1', name: 'Rollback One', parent: 'South Australia / Adelaide' }),
      row({ identifier: 'BOOM-1', name: 'Boom', parent: 'South Australia / Adelaide' }),
    ]);
    const { file: uploaded } = await stores.uploaded(OWNER, file, 'rollback.csv');
    const nodesBefore = await k.org.nodeCount();
    const restore = await injectFailure(t, 'workspaces', `NEW.identifier = 'BOOM-1'`);
    try {
      const progress = await stores.ran(OWNER, uploaded.filename, { create_containers: true });
      expect(progress).toMatchObject({ state: 'failed', created: 0, containers_created: 0 });
      expect(progress.message).toContain('Nothing was imported');
    } finally {
      await restore();
    }
    expect(await k.org.nodeCount()).toBe(nodesBefore);
    expect(await storeNode('RB-1')).toBeUndefined();
  });

  it('sends the stores a new store’s share of the tasks already sent to its area', async () => {
    const taskId = await k.published(OWNER);
    const before = await k.assignmentsOf(taskId);
    const { file: uploaded } = await stores.uploaded(
      OWNER,
      csv(HEADER, [
        row({ identifier: 'TASK-1', name: 'Zetland', parent: 'Sydney Metro', timezone: 'Australia/Sydney' }),
      ]),
      'tasks.csv',
    );
    await stores.ran(OWNER, uploaded.filename);
    await t.app.jobs.drain();
    const after = await k.assignmentsOf(taskId);
    expect(after.map((a) => a.store)).toContain('Zetland');
    expect(after).toHaveLength(before.length + 1);
  });

  it('lets one of two runs of a file start, and keeps tenants apart', async () => {
    const { file: uploaded } = await stores.uploaded(
      OWNER,
      csv(HEADER, [row({ identifier: 'RACE-1', name: 'Race', parent: 'Sydney Metro' })]),
      'race.csv',
    );
    const answers = await Promise.all([
      stores.run(OWNER, uploaded.filename),
      stores.run(OWNER, uploaded.filename),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    await t.app.jobs.drain();
    expect((await storeNode('RACE-1'))!.node.name).toBe('Race');
    const globex = 'owner@globex.test';
    expect((await stores.get(globex, 'get', { filename: uploaded.filename })).statusCode).toBe(404);
    expect((await stores.get(globex, 'download', { filename: uploaded.filename })).statusCode).toBe(404);
    expect(((await stores.get(globex, 'list', {})).json().data as ImportFileList).data).toEqual([]);
    // People and stores files are apart: the name is unknown to the people import.
    expect((await importCalls(t, 'user').get(OWNER, 'get', { filename: uploaded.filename })).statusCode).toBe(
      404,
    );
  });
});
