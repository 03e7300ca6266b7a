import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../server/app';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('stalled connections', () => {
  it('are closed 30 s without complete headers and 120 s without a complete request', () => {
    expect(HEADERS_TIMEOUT_MS).toBe(30_000);
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });
});
