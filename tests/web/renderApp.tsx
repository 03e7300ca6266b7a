import { render, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { BrowserRouter, Routes } from 'react-router-dom';
import { expect } from 'vitest';
import type { VerifyData } from '../../contract/api/session';
import { App } from '../../src/App';
import { PickerLocalization } from '../../src/components/PickerLocalization';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { createQueryClient } from '../../src/providers/queryClient';
import { routeElements } from '../../src/routing/RoutePage';
import { ScreenRegistryProvider } from '../../src/routing/ScreenRegistry';
import { authProvider, dataProvider, SCREENS } from '../../src/screenRegistry';
import { setSessionUser } from '../../src/session/sessionStore';
import { toSessionUser } from '../../src/session/sessionUser';
import { signedIn, verifyHandler } from './fixtures';
import { server } from './msw';

/**
 * Renders the whole app in the browser router at a path, as a page load would: sign-in pages,
 * guard, verify, layout, menus. For tests about the shell or about the app reacting as a whole.
 * With `user`, signed in as them: the token cookie is set and verify answers `user`.
 */
export function renderApp(path: string, user?: VerifyData) {
  if (user) {
    signedIn();
    server.use(verifyHandler(user));
  }
  window.history.replaceState({}, '', path);
  return render(<App />);
}

/**
 * Renders the screen at a path the way AdminApp mounts it, without the shell: the same route
 * elements (lazy page, title, ResourceContextProvider) inside react-admin's AdminContext with the
 * app's providers and the date pickers' adapter, signed in as `user` so nothing needs verifying.
 * For tests about one screen; navigation between screens works, the guard and layout are
 * renderApp's.
 */
export function renderRoute(path: string, user: VerifyData) {
  signedIn();
  setSessionUser(toSessionUser(user, 'test-token'));
  window.history.replaceState({}, '', path);
  return render(
    <BrowserRouter>
      <ScreenRegistryProvider registry={SCREENS}>
        <AdminContext
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          queryClient={createQueryClient()}
          store={memoryStore()}
        >
          <PickerLocalization>
            <Suspense fallback={null}>
              <Routes>{routeElements(SCREENS.routes)}</Routes>
            </Suspense>
          </PickerLocalization>
          <Notification />
        </AdminContext>
      </ScreenRegistryProvider>
    </BrowserRouter>,
  );
}

export async function expectPath(pathname: string, search = ''): Promise<void> {
  await waitFor(() => expect(window.location.pathname + window.location.search).toBe(pathname + search));
}

export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}
