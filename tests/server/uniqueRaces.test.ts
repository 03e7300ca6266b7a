import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * Twenty people creating the same name at the same moment: the service's "is it taken?" check
 * sees nothing for all of them on PostgreSQL, so the unique index decides — one wins and the others
 * get a 409 that says why, never a 500. (On PGlite the requests run one at a time; the outcome must
 * be the same.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function race(url: string, payload: Record<string, unknown>) {
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => t.injectAs('owner@acme.test', { method: 'POST', url, payload })),
  );
  return answers.map((a) => ({
    status: a.statusCode,
    body: a.json() as { errors?: Record<string, string> },
  }));
}

function expectOneWinner(answers: Awaited<ReturnType<typeof race>>, field: string) {
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  for (const a of answers.filter((x) => x.status === 409)) expect(a.body.errors).toHaveProperty(field);
}

describe('parallel creates of one name', () => {
  it('roles: one created, nineteen 409s', async () => {
    const answers = await race('/api/role/create', {
      name: 'Night Fill',
      description: '',
      permissions: [{ id: 'profile', status: 'active', capabilities: ['read'] }],
    });
    expectOneWinner(answers, 'name');
  });

  it('departments: one created, nineteen 409s', async () => {
    expectOneWinner(
      await race('/api/department/create', { name: 'Click and Collect', colour: '#aa5500' }),
      'name',
    );
  });

  it('profile fields: one created, nineteen 409s', async () => {
    const answers = await race('/api/profile-field/create', {
      name: 'Employee ID',
      short_name: 'employee_id',
      type: 'text',
      required: false,
    });
    expectOneWinner(answers, 'short_name');
  });
});
