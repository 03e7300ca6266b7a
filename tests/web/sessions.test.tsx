import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OwnSession } from '../../contract/api/session';
import { getToken } from '../../src/session/tokenCookie';
import {
  adminVerify,
  permissionsOf,
  resetBrowserState,
  staffProfile,
  userRecord,
  verifyData,
  verifyHandler,
} from './fixtures';
import { server } from './msw';
import { profileZone } from './pickers';
import { expectPath, renderRoute, setViewportWidth } from './renderApp';

const session = (overrides: Partial<OwnSession>): OwnSession => ({
  id: 1,
  device: 'Chrome on Windows',
  browser: 'Chrome',
  os: 'Windows',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0',
  address: '203.0.113.5',
  started_address: '203.0.113.5',
  started_at: '2026-05-01T09:30:00Z',
  last_seen_at: '2026-05-02T10:00:00Z',
  current: false,
  ...overrides,
});

const SESSIONS = [
  session({ id: 3, current: true }),
  session({ id: 2, device: 'Safari on iPhone', browser: 'Safari', os: 'iPhone', address: '198.51.100.7' }),
  session({ id: 1, device: 'Firefox on Linux', browser: 'Firefox', os: 'Linux', address: null }),
];

/** The URL of each DELETE the page sends, and what the server answers ended. */
let revoked: URL[];

describe('where you are signed in (profile)', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
    revoked = [];
    server.use(
      verifyHandler(verifyData()),
      http.get('*/api/profile/get', () => HttpResponse.json({ status: 200, data: staffProfile() })),
      http.get('*/api/session/list', () => HttpResponse.json({ status: 200, data: SESSIONS })),
      http.delete('*/api/session/revoke', ({ request }) => {
        const url = new URL(request.url);
        revoked.push(url);
        return HttpResponse.json({ status: 200, data: { ended: url.searchParams.has('others') ? 2 : 1 } });
      }),
    );
  });

  it('lists the sessions with this device marked and signs out one after confirming', async () => {
    // A London session reads dates day first.
    renderRoute('/profile', { ...verifyData(), ...profileZone('Europe/London') });
    const card = await screen.findByTestId('sessions-card');
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/ on /).textContent)).toEqual([
      'Chrome on Windows',
      'Safari on iPhone',
      'Firefox on Linux',
    ]);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('This device')).toBeNull();
    expect(rows[1]).toHaveTextContent(
      /From 198\.51\.100\.7 · Signed in 01\/05\/2026.* · Last active 02\/05\/2026/,
    );

    const signOut = within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iPhone' });
    expect(signOut).toHaveAccessibleDescription(/198\.51\.100\.7/);
    await userEvent.click(signOut);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out Safari on iPhone?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
    expect(revoked.map((url) => url.search)).toEqual(['?id=2']);
    // Still signed in here.
    expect(getToken()).toBe('test-token');
  });

  it('signs out everywhere else with others=true after confirming', async () => {
    renderRoute('/profile', verifyData());
    const card = await screen.findByTestId('sessions-card');
    await within(card).findAllByRole('listitem');
    await userEvent.click(within(card).getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('2 other sessions end');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('2 sessions signed out')).toBeInTheDocument();
    expect(revoked.map((url) => url.search)).toEqual(['?others=true']);
  });

  it('signs the person out here when they end this device’s session', async () => {
    // This session has ended: the server refuses it, as it would after the revoke.
    server.use(
      http.post('*/api/logout', () =>
        HttpResponse.json({ status: 401, message: 'Signed out' }, { status: 401 }),
      ),
    );
    renderRoute('/profile', verifyData());
    const card = await screen.findByTestId('sessions-card');
    const [here] = await within(card).findAllByRole('listitem');
    await userEvent.click(within(here!).getByRole('button', { name: 'Sign out Chrome on Windows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out Chrome on Windows?' });
    expect(dialog).toHaveTextContent('This is the device you are using');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await expectPath('/login');
    expect(revoked.map((url) => url.search)).toEqual(['?id=3']);
    expect(getToken()).toBeUndefined();
  });
});

describe('ending a person’s sessions (their page)', () => {
  const olivia = userRecord();
  let ended: URL | undefined;

  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
    ended = undefined;
    server.use(
      http.get('*/api/user/get', () => HttpResponse.json({ status: 200, data: olivia })),
      // The page's positions editor and history: none, they are not what this is about.
      http.get('*/api/role/list', () =>
        HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 1000 } }),
      ),
      http.get('*/api/activity/list', () =>
        HttpResponse.json({ status: 200, data: { data: [], total: 0, page: 1, per_page: 10 } }),
      ),
      http.get('*/api/admin/user/sessions', () =>
        HttpResponse.json({ status: 200, data: SESSIONS.slice(0, 2).map(({ current: _, ...s }) => s) }),
      ),
      http.delete('*/api/admin/user/sessions', ({ request }) => {
        ended = new URL(request.url);
        return HttpResponse.json({ status: 200, data: { ended: 2 } });
      }),
    );
  });

  it('ends them all after a confirmation that says how many, and says how many ended', async () => {
    renderRoute(`/admin/user/edit/${olivia.id}`, adminVerify());
    await userEvent.click(await screen.findByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Olivia Smith out everywhere?' });
    expect(await within(dialog).findByText(/signed in on 2 devices now/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('2 sessions of Olivia Smith ended')).toBeInTheDocument();
    expect(ended?.search).toBe(`?id=${olivia.id}`);
  });

  it('is not offered to a caller who may not disable people', async () => {
    renderRoute(`/admin/user/edit/${olivia.id}`, verifyData({ modules: permissionsOf('Store Manager') }));
    // The reset action (user.update) is answered by the same access check.
    expect(await screen.findByRole('button', { name: 'Send password reset' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End all sessions' })).toBeNull();
  });
});
