import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { App } from '../../src/App';

/** Renders the whole app in the browser router at a path, as a page load would. */
export function renderApp(path: string) {
  window.history.replaceState({}, '', path);
  return render(<App />);
}

export async function expectPath(pathname: string, search = ''): Promise<void> {
  await waitFor(() => expect(window.location.pathname + window.location.search).toBe(pathname + search), {
    timeout: 8000,
  });
}

export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}
