import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { hierarchyNodes, users } from '../../server/db/schema';
import { startSession } from '../../server/modules/session/service';
import { BENCH_OWNER, FIVE_THOUSAND_STORES, generateLargeTenant } from './largeTenant';
import { measure, report } from './measure';

/**
 * API figures on a generated 5,000-store tenant, in process (app.inject: routing, guard, SQL and
 * JSON serialisation, no network), on an in-memory PGlite.
 */
export async function hierarchyApiBench() {
  console.log('\nHierarchy API — 5,000-store tenant on embedded PGlite');
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const made = await generateLargeTenant(database.db, FIVE_THOUSAND_STORES);
  report(
    'generate tenant',
    `${made.stores} stores, ${made.nodes} nodes, ${made.people} people in ${(made.ms / 1000).toFixed(1)} s`,
  );
  const app = await buildApp({ config: { ...loadConfig({}), webRoot: undefined }, database, logger: false });
  const [owner] = await database.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, made.tenantId),
        eq(users.username, BENCH_OWNER(FIVE_THOUSAND_STORES.identifier)),
      ),
    );
  const token = await startSession(database.db, made.tenantId, owner!.id);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const node = async (name: string) => {
    const [row] = await database.db
      .select()
      .from(hierarchyNodes)
      .where(and(eq(hierarchyNodes.tenantId, made.tenantId), eq(hierarchyNodes.name, name)));
    return row!;
  };

  const tree = await get('/api/hierarchy/tree/fetch');
  report('tree/fetch payload', `${(tree.body.length / 1024 / 1024).toFixed(2)} MB JSON`);
  await measure('GET /api/hierarchy/tree/fetch (whole tenant)', () => get('/api/hierarchy/tree/fetch'));
  const br = { ...headers, 'accept-encoding': 'br, gzip' };
  await measure('  … as a browser asks (br)', () =>
    app.inject({ url: '/api/hierarchy/tree/fetch', headers: br }),
  );
  const etag = String(tree.headers.etag);
  await measure('  … revalidated (If-None-Match: 304)', async () => {
    const res = await app.inject({
      url: '/api/hierarchy/tree/fetch',
      headers: { ...br, 'if-none-match': etag },
    });
    if (res.statusCode !== 304) throw new Error(`tree/fetch revalidation: ${res.statusCode}`);
  });
  // After a write every process rebuilds the tree once (the write bumped tree_version).
  const renamed = await node('Store 100-12');
  let flip = false;
  await measure('  … first after a rename (rebuilt)', async () => {
    flip = !flip;
    const res = await app.inject({
      method: 'PUT',
      url: '/api/hierarchy/node/update',
      headers,
      payload: { id: renamed.id, name: flip ? 'Store 100-12 renamed' : 'Store 100-12' },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const started = performance.now();
    await app.inject({ url: '/api/hierarchy/tree/fetch', headers: br });
    return performance.now() - started;
  });
  // Every page load verifies the session, and verify carries the caller's hierarchy.
  await measure('GET /api/user/verify (carries the 5,210-node tree)', () => get('/api/user/verify'));
  await measure('  … as a browser asks (br)', () => app.inject({ url: '/api/user/verify', headers: br }));
  const area = await node('Area 3.7');
  await measure('GET /api/hierarchy/node/get (an area)', () => get(`/api/hierarchy/node/get?id=${area.id}`));
  const store = await node('Store 100-13');
  await measure('GET /api/hierarchy/assign/list (a store)', () =>
    get(`/api/hierarchy/assign/list?node_id=${store.id}&page=1&per_page=25`),
  );
  const state = await node('State 2');
  await measure('GET /api/hierarchy/node/listObject (a state, page 1)', () =>
    get(`/api/hierarchy/node/listObject?node_id=${state.id}&type=user&page=1&per_page=25`),
  );
  await measure('GET /api/workspace/list (page 1 of 5,000)', () =>
    get('/api/workspace/list?page=1&per_page=25'),
  );
  await measure('GET /api/workspace/list (search "Store 173-21")', () =>
    get('/api/workspace/list?page=1&per_page=25&search_key=Store%20173-21'),
  );
  await measure(`GET /api/user/list (page 1 of ${made.people.toLocaleString('en')})`, () =>
    get('/api/user/list?page=1&per_page=25'),
  );

  // Moving an area of 25 stores back and forth between two states rewrites 26 paths each time.
  const [stateA, stateB] = [await node('State 1'), await node('State 8')];
  let toB = true;
  await measure(
    'PUT /api/hierarchy/node/update (move an area of 25)',
    async () => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/hierarchy/node/update',
        headers,
        payload: { id: area.id, parent_id: toB ? stateB.id : stateA.id },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      toB = !toB;
    },
    6,
    0,
  );
  const doomed = await node('Area 5.5');
  const started = performance.now();
  const res = await app.inject({
    method: 'DELETE',
    url: '/api/hierarchy/node/delete',
    headers,
    payload: { ids: [doomed.id] },
  });
  report(
    'DELETE /api/hierarchy/node/delete (area of 25, 50 people)',
    `${(performance.now() - started).toFixed(1)} ms  ${res.body}`,
  );
  await app.close();
  await database.close();
}
