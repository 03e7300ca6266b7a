import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw';

/**
 * jsdom has no matchMedia. This one answers min-width / max-width queries from window.innerWidth,
 * so the mobile layout (≤ 767 px) can be tested by resizing the window.
 */
function matches(query: string): boolean {
  const width = window.innerWidth;
  const rules = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (rules.length === 0) return false;
  return rules.every(([, kind, value]) => (kind === 'min' ? width >= Number(value) : width <= Number(value)));
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// MUI transitions and react-admin call scrollTo; jsdom only logs "not implemented".
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
