import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, withResourceAccess } from '../../src/providers/authProvider';
import { ApiError } from '../../src/providers/httpClient';
import { getPositionId, setPositionId } from '../../src/providers/positionStore';
import { RESOURCES } from '../../src/screenRegistry';
import { getSessionUser, isForcedReset } from '../../src/session/sessionStore';
import { getToken } from '../../src/session/tokenCookie';
import {
  loginUser,
  noActiveWorkspaceVerify,
  operatorVerify,
  permissionsOf,
  resetBrowserState,
  signedIn,
  verifyData,
  verifyHandler,
} from './fixtures';
import { server } from './msw';

describe('authProvider', () => {
  beforeEach(() => resetBrowserState());

  describe('login', () => {
    it('stores the token and goes to the redirect on 200, sending the browser time zone', async () => {
      let body: Record<string, unknown> = {};
      setPositionId(99);
      server.use(
        http.post('*/api/login', async ({ request }) => {
          body = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json({
            status: 200,
            data: { user: loginUser(), token: 'tok-200', redirect: '/' },
          });
        }),
      );
      await expect(authProvider.login({ username: ' staff@acme.test ', password: 'pw' })).resolves.toEqual({
        redirectTo: '/',
      });
      expect(body).toEqual({ username: 'staff@acme.test', password: 'pw', timezone: expect.any(String) });
      expect(getToken()).toBe('tok-200');
      expect(isForcedReset()).toBe(false);
      // The previous account's position would be refused for this one.
      expect(getPositionId()).toBeUndefined();
    });

    it('keeps the token and raises the forced-reset flag on 307', async () => {
      // msw follows mocked 3xx answers even without a Location header, which browsers do not
      // (fetch returns a 3xx without Location as is); a stubbed fetch gives the browser's behaviour.
      const body = {
        status: 307,
        data: { user: loginUser({ force_reset: true }), token: 'tok-307', redirect: '/password/change' },
      };
      const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
        new Response(JSON.stringify(body), {
          status: 307,
          headers: { 'content-type': 'application/json' },
        }),
      );
      await expect(authProvider.login({ username: 'reset@acme.test', password: 'pw' })).resolves.toEqual({
        redirectTo: '/password/change',
      });
      fetchSpy.mockRestore();
      expect(getToken()).toBe('tok-307');
      expect(isForcedReset()).toBe(true);
      expect(window.sessionStorage.getItem('storeline.forceReset')).toBe('1');
    });

    it('rejects with the server message on bad credentials', async () => {
      server.use(
        http.post('*/api/login', () =>
          HttpResponse.json({ status: 400, message: 'Incorrect username or password' }, { status: 400 }),
        ),
      );
      await expect(authProvider.login({ username: 'x@acme.test', password: 'bad' })).rejects.toThrow(
        'Incorrect username or password',
      );
      expect(getToken()).toBeUndefined();
    });
  });

  describe('logout', () => {
    it('ends the session on the server, deletes the cookie and returns the redirect', async () => {
      signedIn('tok');
      let auth: string | null = null;
      server.use(
        http.post('*/api/logout', ({ request }) => {
          auth = request.headers.get('authorization');
          return HttpResponse.json({ status: 200, data: { redirect: '/login' } });
        }),
      );
      const writes: string[] = [];
      const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
        writes.push(v);
        descriptor.set!.call(document, v);
      });
      await expect(authProvider.logout({})).resolves.toBe('/login');
      spy.mockRestore();
      expect(auth).toBe('Bearer tok');
      expect(getToken()).toBeUndefined();
      // localhost: host-only and the host itself.
      expect(writes.filter((w) => w.startsWith('user_access_token=;'))).toHaveLength(2);
    });

    it('logs a failure and answers false, dropping the local sign-in anyway', async () => {
      signedIn('tok');
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      server.use(
        http.post('*/api/logout', () => HttpResponse.json({ status: 500, message: 'down' }, { status: 500 })),
      );
      await expect(authProvider.logout({})).resolves.toBe(false);
      expect(log).toHaveBeenCalledWith('Logout failed', expect.anything());
      expect(getToken()).toBeUndefined();
      log.mockRestore();
    });

    it('treats a session that already ended as logged out', async () => {
      signedIn('tok');
      server.use(
        http.post('*/api/logout', () => HttpResponse.json({ status: 401, message: 'x' }, { status: 401 })),
      );
      await expect(authProvider.logout({})).resolves.toBe('/login');
    });
  });

  describe('checkAuth', () => {
    it('rejects to /login without a token', async () => {
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    });

    it('verifies once per load and keeps the session user', async () => {
      signedIn('tok');
      let calls = 0;
      server.use(
        http.get('*/api/user/verify', () => {
          calls++;
          return HttpResponse.json({ status: 200, data: verifyData() });
        }),
      );
      await Promise.all([authProvider.checkAuth({}), authProvider.checkAuth({})]);
      await authProvider.checkAuth({});
      expect(calls).toBe(1);
      expect(getSessionUser()).toMatchObject({ id: 7, isVerified: true, token: 'tok' });
    });

    it('sends a user without an active workspace to /login?error=no_active_workspace and clears the token', async () => {
      signedIn('tok');
      server.use(noActiveWorkspaceVerify);
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({
        redirectTo: '/login?error=no_active_workspace',
      });
      expect(getToken()).toBeUndefined();
    });

    it('sends any other verify failure to /login and clears the token', async () => {
      signedIn('tok');
      server.use(
        http.get('*/api/user/verify', () =>
          HttpResponse.json({ status: 500, message: 'x' }, { status: 500 }),
        ),
      );
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
      expect(getToken()).toBeUndefined();
      expect(getSessionUser()).toBeUndefined();
    });

    it('forgets a remembered position the server refuses and verifies without it', async () => {
      signedIn('tok', 555);
      server.use(
        http.get('*/api/user/verify', ({ request }) =>
          request.headers.get('x-position-id')
            ? HttpResponse.json(
                { status: 403, message: 'The selected position is not one of yours.' },
                { status: 403 },
              )
            : HttpResponse.json({ status: 200, data: verifyData() }),
        ),
      );
      await authProvider.checkAuth({});
      expect(getPositionId()).toBeUndefined();
      expect(getSessionUser()?.positionId).toBe(11);
    });
  });

  describe('checkError', () => {
    it('logs out on 401 and 406 and ignores other errors', async () => {
      signedIn('tok');
      await expect(authProvider.checkError(new ApiError(401, 'gone'))).rejects.toMatchObject({
        redirectTo: '/login',
        message: false,
      });
      expect(getToken()).toBeUndefined();
      signedIn('tok');
      await expect(authProvider.checkError(new ApiError(406, 'No user'))).rejects.toMatchObject({
        redirectTo: '/login?error=sso_user_not_found',
      });
      expect(getToken()).toBeUndefined();
      signedIn('tok');
      await expect(
        authProvider.checkError(new ApiError(401, 'You have no position at an active workspace.')),
      ).rejects.toMatchObject({ redirectTo: '/login?error=no_active_workspace' });
      // In the person's language the sentence says nothing the app can read; its code does (issue 31).
      signedIn('tok');
      const french = {
        status: 401,
        message: 'Vous n’avez aucun poste dans un espace actif.',
        code: 'NO_ACTIVE_WORKSPACE',
      };
      await expect(
        authProvider.checkError(new ApiError(401, french.message, {}, french)),
      ).rejects.toMatchObject({ redirectTo: '/login?error=no_active_workspace' });
      signedIn('tok');
      await expect(authProvider.checkError(new ApiError(403, 'Not yours'))).resolves.toBeUndefined();
      await expect(authProvider.checkError(new ApiError(500, 'Down'))).resolves.toBeUndefined();
      expect(getToken()).toBe('tok');
    });

    it('keeps the reason a session ended when more calls fail after it', async () => {
      signedIn('tok');
      const ended = new ApiError(401, 'You have no position at an active workspace.');
      await expect(authProvider.checkError(ended)).rejects.toMatchObject({
        redirectTo: '/login?error=no_active_workspace',
      });
      // The calls still in flight fail with a plain 401 once the token is gone.
      await expect(authProvider.checkError(new ApiError(401, 'Please sign in'))).rejects.toMatchObject({
        redirectTo: '/login?error=no_active_workspace',
      });
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({
        redirectTo: '/login?error=no_active_workspace',
      });
      await expect(authProvider.logout({})).resolves.toBe('/login?error=no_active_workspace');
    });
  });

  it('gives the identity: preferred name or first and last name, and the avatar', async () => {
    signedIn('tok');
    server.use(verifyHandler(verifyData({ avatar_url: '/api/profile/avatar/abc' })));
    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: 7,
      fullName: 'Sam Staff',
      avatar: '/api/profile/avatar/abc',
    });
    resetBrowserState();
    signedIn('tok');
    server.use(verifyHandler(verifyData({ preferred_name: 'Sammy' })));
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ fullName: 'Sammy' });
  });

  it('answers canAccess for the registered resources (AdminApp) from the verified permissions', async () => {
    const adminAuth = withResourceAccess(RESOURCES);
    expect(authProvider.canAccess).toBeUndefined();
    signedIn('tok');
    server.use(verifyHandler(verifyData({ modules: permissionsOf('Store Manager') })));
    await expect(adminAuth.canAccess!({ action: 'list', resource: 'users' })).resolves.toBe(true);
    await expect(adminAuth.canAccess!({ action: 'create', resource: 'users' })).resolves.toBe(false);
    resetBrowserState();
    await expect(adminAuth.canAccess!({ action: 'list', resource: 'users' })).resolves.toBe(false);
    signedIn('tok');
    server.use(verifyHandler(operatorVerify()));
    await expect(adminAuth.canAccess!({ action: 'list', resource: 'tenants' })).resolves.toBe(true);
  });
});
