import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyTaskGroup } from '../../contract/api/mytasks';
import type { FormDefinition } from '../../contract/forms';
import { OWNER, STAFF, SYDNEY } from './helpers/acmePeople';
import { suiteApp } from './helpers/app';
import { organisation } from './helpers/organisation';
import { taskKit } from './helpers/tasks';

/*
 * Issue 48: a task can carry a form the stores fill in as their completion. The task keeps the
 * template version that was current when it was saved.
 */

const t = suiteApp();
const k = taskKit(t);
const org = organisation(t);

const definition = (prompt: string): FormDefinition => ({
  sections: [
    {
      id: 's1',
      title: 'Front of store',
      questions: [
        { id: 'q1', kind: 'yes_no', prompt, required: true, weight: 2, allow_na: false, failing: ['no'] },
      ],
    },
  ],
});

async function template(as: string, name: string) {
  const res = await t.injectAs(as, {
    method: 'POST',
    url: '/api/form-template/create',
    payload: { name, definition: definition('Is the entrance clear?') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; version: number };
}

describe('a task with a form', () => {
  it('keeps the template’s current version, and the stores’ cards name the form', async () => {
    const form = await template(OWNER, 'Opening standards');
    const res = await k.create(
      OWNER,
      await k.body({ form_template_id: form.id, targets: { include: [await k.nodeId('Sydney CBD')] } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const task = k.data(res);
    expect(task.form).toMatchObject({ template_id: form.id, version: 1, name: 'Opening standards' });
    expect(task.form_template_id).toBe(form.id);
    expect((await k.publish(OWNER, task.id)).statusCode).toBe(200);

    const day = await t.injectAs(STAFF, {
      url: '/api/user/task/date',
      query: { datetime: '2030-03-04', timezone: SYDNEY },
    });
    expect(day.statusCode, day.body).toBe(200);
    const card = (day.json().data.data as MyTaskGroup[])
      .flatMap((g) => g.tasks)
      .find((c) => c.task_id === task.id);
    expect(card?.form).toEqual({ name: 'Opening standards', inspection_id: null, percentage: null });

    // A task without a form says so.
    const plain = k.data(await k.create(OWNER, await k.body({ title: 'No form here' })));
    expect(plain.form).toBeNull();
  });

  it('re-reads the current version when saved again after the template moved on', async () => {
    const form = await template(OWNER, 'Food safety walk');
    const body = await k.body({ form_template_id: form.id });
    const task = k.data(await k.create(OWNER, body));
    const versionOne = task.form.version_id;
    // An inspection made with version 1 makes the next edit version 2.
    await t.database.db.execute(sql`INSERT INTO inspections (tenant_id, template_id, version_id, store_node_id, inspector_id)
      VALUES (${await org.tenantId()}, ${form.id}, ${versionOne}, ${await org.nodeId('Sydney CBD')}, 1)`);
    const edited = await t.injectAs(OWNER, {
      method: 'PUT',
      url: '/api/form-template/update',
      payload: { id: form.id, name: 'Food safety walk', definition: definition('Is the fridge below 5 °C?') },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.version).toBe(2);
    // The saved task still names version 1 until it is saved again.
    expect(k.data(await k.call(OWNER, 'GET', `/api/admin/task/get?id=${task.id}`)).form.version).toBe(1);
    const saved = await k.call(OWNER, 'PUT', '/api/admin/task/update', { ...body, id: task.id });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(k.data(saved).form.version).toBe(2);
  });

  it('refuses a form beside a checklist, an archived template and another tenant’s', async () => {
    const form = await template(OWNER, 'Visual merchandising');
    const both = await k.create(OWNER, await k.body({ form_template_id: form.id, checklist: ['Face up'] }));
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.checklist).toBe(
      'A task with a form has no checklist: put the steps in the form',
    );

    const theirs = await template('owner@globex.test', 'Globex walk');
    const foreign = await k.create(OWNER, await k.body({ form_template_id: theirs.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.form_template_id).toBe('Choose one of your active form templates');

    await t.injectAs(OWNER, { method: 'PUT', url: '/api/form-template/archive', payload: { id: form.id } });
    const archived = await k.create(OWNER, await k.body({ form_template_id: form.id }));
    expect(archived.statusCode).toBe(400);
    expect(archived.json().errors).toHaveProperty('form_template_id');
    expect(await k.taskCount()).toBeGreaterThan(0);
  });
});
