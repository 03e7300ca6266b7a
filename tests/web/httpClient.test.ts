import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorMessage, request } from '../../src/providers/httpClient';
import { setNavigator } from '../../src/providers/navigation';
import { getPositionId, POSITION_STORAGE_KEY, resetPositionCache } from '../../src/providers/positionStore';
import { getToken } from '../../src/providers/tokenCookie';
import { resetBrowserState, signedIn } from './fixtures';
import { server } from './msw';

describe('httpClient', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    resetBrowserState();
    navigate.mockReset();
    setNavigator(navigate);
  });
  afterEach(() => setNavigator(undefined));

  it('sends the bearer token, X-Requested-With and the stored position id', async () => {
    signedIn('tok-1');
    window.localStorage.setItem(POSITION_STORAGE_KEY, '31');
    resetPositionCache();
    let seen: Headers | undefined;
    server.use(
      http.get('*/api/thing', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ status: 200, data: { ok: true } });
      }),
    );
    await expect(apiFetch('/api/thing')).resolves.toEqual({ ok: true });
    expect(seen?.get('authorization')).toBe('Bearer tok-1');
    expect(seen?.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(seen?.get('x-position-id')).toBe('31');
  });

  it('reads the position id from local storage only once', async () => {
    window.localStorage.setItem(POSITION_STORAGE_KEY, '31');
    resetPositionCache();
    expect(getPositionId()).toBe(31);
    // Another tab choosing a position later must not change this tab's permissions mid-way.
    window.localStorage.setItem(POSITION_STORAGE_KEY, '99');
    expect(getPositionId()).toBe(31);
  });

  it('omits Authorization and X-Position-Id when there is neither', async () => {
    let seen: Headers | undefined;
    server.use(
      http.get('*/api/thing', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ status: 200, data: 1 });
      }),
    );
    await apiFetch('/api/thing');
    expect(seen?.has('authorization')).toBe(false);
    expect(seen?.has('x-position-id')).toBe(false);
  });

  it('sends query parameters and JSON bodies', async () => {
    let url: URL | undefined;
    let body: unknown;
    server.use(
      http.post('*/api/thing', async ({ request }) => {
        url = new URL(request.url);
        body = await request.json();
        return HttpResponse.json({ status: 200, data: null });
      }),
    );
    await apiFetch('/api/thing', { method: 'POST', query: { page: 2, skip: undefined }, body: { a: 1 } });
    expect(url?.searchParams.get('page')).toBe('2');
    expect(url?.searchParams.has('skip')).toBe(false);
    expect(body).toEqual({ a: 1 });
  });

  it('takes the error message from output, then message, then the caller fallback', async () => {
    expect(errorMessage({ output: 'From output', message: 'From message' }, 'errors.user_create')).toBe(
      'From output',
    );
    expect(errorMessage({ message: 'From message' }, 'errors.user_create')).toBe('From message');
    // The fallback is spec §8's text, kept in the i18n messages.
    expect(errorMessage({}, 'errors.user_create')).toBe('Error creating user');
    expect(errorMessage('<html>', 'errors.user_create')).toBe('Error creating user');
    expect(errorMessage({})).toBe('Something went wrong. Please try again.');

    server.use(
      http.post('*/api/user/create', () =>
        HttpResponse.json(
          { status: 409, message: 'That e-mail is taken', errors: { email: 'taken' } },
          { status: 409 },
        ),
      ),
    );
    const error = await apiFetch('/api/user/create', {
      method: 'POST',
      body: {},
      fallback: 'errors.user_create',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'That e-mail is taken', errors: { email: 'taken' } });
  });

  it('treats any status but 200 as an error, unless the caller accepts it', async () => {
    server.use(http.get('*/api/thing', () => HttpResponse.json({ status: 201, data: 'x' }, { status: 201 })));
    await expect(apiFetch('/api/thing', { fallback: 'errors.theme_fetch' })).rejects.toMatchObject({
      status: 201,
      message: 'Failed to fetch theme',
    });
    await expect(request('/api/thing', { okStatuses: [201] })).resolves.toEqual({ status: 201, data: 'x' });
  });

  it('fails a 200 that carries an error flag when the caller asks (enable, disable, delete)', async () => {
    server.use(
      http.put('*/api/user/disable', () => HttpResponse.json({ status: 200, error: true, data: {} })),
    );
    await expect(
      apiFetch('/api/user/disable', {
        method: 'PUT',
        body: { id: 1 },
        fallback: 'errors.user_disable',
        failOnErrorFlag: true,
      }),
    ).rejects.toMatchObject({ message: 'Error disabling user' });
  });

  it('clears the session and goes to /login on 401', async () => {
    signedIn('dead-token');
    server.use(
      http.get('*/api/thing', () =>
        HttpResponse.json({ status: 401, message: 'Session ended' }, { status: 401 }),
      ),
    );
    await expect(apiFetch('/api/thing')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('clears the session and goes to the SSO error on 406', async () => {
    signedIn('sso-token');
    server.use(
      http.get('*/api/thing', () => HttpResponse.json({ status: 406, message: 'No user' }, { status: 406 })),
    );
    await expect(apiFetch('/api/thing')).rejects.toMatchObject({ status: 406 });
    expect(getToken()).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login?error=sso_user_not_found', { replace: true });
  });

  it('leaves 401 to callers that map it themselves', async () => {
    signedIn('tok');
    server.use(
      http.get('*/api/thing', () => HttpResponse.json({ status: 401, message: 'x' }, { status: 401 })),
    );
    await expect(apiFetch('/api/thing', { handleAuthErrors: false })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as status 0 with a readable message', async () => {
    server.use(http.get('*/api/thing', () => HttpResponse.error()));
    await expect(apiFetch('/api/thing')).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining('reach'),
    });
  });
});
