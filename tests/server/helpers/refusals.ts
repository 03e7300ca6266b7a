import { expect } from 'vitest';
import type { InjectResponse } from './app';

/**
 * Sends each payload and expects a 400 whose errors name the case's field, then `count()` as it was
 * before (`before`): a refused write writes nothing.
 */
export async function expectEachRefused<P>(
  cases: [P, string][],
  send: (payload: P) => Promise<InjectResponse>,
  count: () => Promise<number>,
  before: number,
): Promise<void> {
  for (const [payload, field] of cases) {
    const res = await send(payload);
    const label = `${field}: ${JSON.stringify(payload)}`;
    expect(res.statusCode, label).toBe(400);
    expect(res.json().errors, label).toHaveProperty([field]);
  }
  expect(await count()).toBe(before);
}
