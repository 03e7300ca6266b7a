import { HttpResponse, http } from 'msw';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, apiFetch, errorMessage, request } from '../../src/providers/httpClient';
import { getPositionId, POSITION_STORAGE_KEY, resetPositionCache } from '../../src/providers/positionStore';
import { getToken } from '../../src/session/tokenCookie';
import { resetBrowserState, signedIn } from './fixtures';
import { server } from './msw';

describe('httpClient', () => {
  beforeEach(() => resetBrowserState());

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

  it.each([
    [401, 'Session ended'],
    [406, 'No user'],
  ])(
    'only throws on %i: a react-admin HttpError, and the session is left to the authProvider',
    async (status, message) => {
      signedIn('tok');
      server.use(
        http.get('*/api/thing', () =>
          HttpResponse.json({ status, message, errors: { field: 'why' } }, { status }),
        ),
      );
      const error = await apiFetch('/api/thing').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, message, errors: { field: 'why' }, body: { status, message } });
      expect(getToken()).toBe('tok');
      expect(window.location.pathname).toBe('/');
    },
  );

  it('names a downloaded file as the server does, accents and spaces kept (RFC 6266 filename*)', async () => {
    signedIn('tok-1');
    server.use(
      http.get(
        '*/api/file',
        () =>
          new HttpResponse('a,b', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': `attachment; filename="Rappel _ beurre.csv"; filename*=UTF-8''Rappel%20%E2%80%93%20beurre.csv`,
            },
          }),
      ),
      http.get(
        '*/api/plain',
        () =>
          new HttpResponse('x', { headers: { 'content-disposition': 'attachment; filename="stores.xlsx"' } }),
      ),
    );
    const file = await apiFetch<File>('/api/file', { responseType: 'file' });
    expect(file.name).toBe('Rappel – beurre.csv');
    expect(await file.text()).toBe('a,b');
    expect((await apiFetch<File>('/api/plain', { responseType: 'file' })).name).toBe('stores.xlsx');
  });

  it('reports an unreachable server as status 0 with a readable message', async () => {
    server.use(http.get('*/api/thing', () => HttpResponse.error()));
    await expect(apiFetch('/api/thing')).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining('reach'),
    });
  });
});
