import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { connectOffline } from '../../src/connectOffline';
import { server } from './msw';

// findBy* and waitFor give a screen thirty seconds, not Testing Library's one: on a busy two-core
// CI machine a react-admin page can take several seconds to render, and a file's first test also
// waits for its lazy screens to be compiled (past ten seconds with the machine loaded five times
// over). A test waits on what the user would see rather than on a fixed delay; only a failing
// wait takes the whole time.
configure({ asyncUtilTimeout: 30_000 });

// As main.tsx does: the providers tell the offline part of answers and sign-outs.
connectOffline();

// Pure-logic test files run in node (no window); the shims below are for jsdom.
if (typeof window !== 'undefined') {
  /**
   * jsdom has no matchMedia. This one answers min-width / max-width queries from window.innerWidth,
   * so the mobile layout (≤ 767 px) can be tested by resizing the window.
   */
  function matches(query: string): boolean {
    const width = window.innerWidth;
    const rules = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    if (rules.length === 0) return false;
    return rules.every(([, kind, value]) =>
      kind === 'min' ? width >= Number(value) : width <= Number(value),
    );
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
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
