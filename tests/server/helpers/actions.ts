import { expect } from 'vitest';
import type { InjectResponse, TestApp } from './app';
import { inspectionCalls, picture, STORE_VISIT } from './inspections';

/** The API calls of actions, as a person makes them. */
export function actionCalls(t: TestApp) {
  const ok = (res: InjectResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  return {
    ok,
    create: (as: string, payload: Record<string, unknown>) =>
      t.injectAs(as, { method: 'POST', url: '/api/action/create', payload }),
    get: (as: string, id: number) => t.injectAs(as, { url: '/api/action/get', query: { id } }),
    list: (as: string, query: Record<string, string | number | boolean> = {}) =>
      t.injectAs(as, { url: '/api/action/list', query: query as Record<string, string> }),
    counts: (as: string, query: Record<string, number> = {}) =>
      t.injectAs(as, { url: '/api/action/counts', query }),
    assignees: (as: string, query: Record<string, string | number>) =>
      t.injectAs(as, { url: '/api/action/assignees', query }),
    update: (as: string, payload: Record<string, unknown>) =>
      t.injectAs(as, { method: 'PUT', url: '/api/action/update', payload }),
    status: (as: string, id: number, status: string, extra: Record<string, unknown> = {}) =>
      t.injectAs(as, { method: 'PUT', url: '/api/action/status', payload: { id, status, ...extra } }),
    comment: (as: string, id: number, comment: string, photos?: string[]) =>
      t.injectAs(as, { method: 'POST', url: '/api/action/comment', payload: { id, comment, photos } }),
    close: (as: string, id: number, comment?: string) =>
      t.injectAs(as, { method: 'PUT', url: '/api/action/close', payload: { id, comment } }),
    reopen: (as: string, id: number, comment?: string) =>
      t.injectAs(as, { method: 'PUT', url: '/api/action/reopen', payload: { id, comment } }),
    remove: (as: string, id: number) =>
      t.injectAs(as, { method: 'DELETE', url: '/api/action/delete', query: { id } }),
  };
}

/**
 * A finished store visit of `storeId` by `inspector` with the form's template `templateId`, whose
 * entrance failed with a comment and a photo (q_clean) and everything else passed: its id and the photo.
 */
export async function failedVisit(t: TestApp, inspector: string, templateId: number, storeId: number) {
  const api = inspectionCalls(t);
  const started = api.ok(await api.create(inspector, { template_id: templateId, store_id: storeId }));
  const photo = await api.upload(inspector, await picture(120 + (started.id % 100)), 'entrance.jpg');
  for (const [question, answer] of [
    ['q_clean', { value: 'no', comment: 'Boxes by the door', photos: [photo] }],
    ['q_stock', { value: 'yes' }],
    ['q_temp', { value: 4 }],
    ['q_fire', { na: true }],
    ['q_told', { value: 'yes' }],
  ] as const)
    api.ok(await api.answer(inspector, started.id, question, answer));
  const signature = await api.upload(inspector, await picture(3, 'png'), 'signature.png');
  api.ok(await api.finish(inspector, started.id, signature));
  return { inspectionId: started.id as number, photo };
}

export { STORE_VISIT };
