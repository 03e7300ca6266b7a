import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerifyData } from '../../contract/api/session';
import { POSITION_STORAGE_KEY } from '../../src/providers/positionStore';
import { getToken } from '../../src/session/tokenCookie';
import {
  adminVerify,
  noActiveWorkspaceVerify,
  operatorVerify,
  permissionsOf,
  position,
  resetBrowserState,
  signedIn,
  userRecord,
  verifyData,
} from './fixtures';
import { server } from './msw';
import { emptyMyTasks } from './myTasksFixtures';
import { expectPath, renderApp, setViewportWidth } from './renderApp';

const menu = () => screen.findByTestId('main-menu');

async function menuLabels(): Promise<string[]> {
  const nav = await menu();
  // Open every group so sub-entries are rendered too.
  for (const group of within(nav).queryAllByRole('button', { expanded: false })) await userEvent.click(group);
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('app shell', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
    // Staff land on My Tasks: its calls answer an empty day.
    server.use(...emptyMyTasks);
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends a visitor without a token to the sign-in page', async () => {
    renderApp('/task');
    await expectPath('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to Storeline' })).toBeInTheDocument();
  });

  it('sends "/" to the first permitted entry and shows the workspace term in the menu', async () => {
    renderApp('/', verifyData());
    await expectPath('/task');
    expect(await menuLabels()).toEqual([
      'My Tasks',
      'Compliance',
      'Actions',
      'Library',
      'Observation',
      'Idea',
      'Feedback',
      'Barometer',
      'Barometer Management',
      'Customer Orders',
      'Store Info',
      'Survey',
      'Survey Management',
    ]);
    expect(screen.getByTestId('tenant-name')).toHaveTextContent('Acme Retail');
  });

  it("labels workspace entries with each tenant's own term", async () => {
    renderApp(
      '/dashboard',
      verifyData({ modules: permissionsOf('Administrator'), terms: { workspace: 'Branch' } }),
    );
    const labels = await menuLabels();
    expect(labels).toContain('Branch Info');
    expect(labels).toContain('Audit By Branch');
    expect(labels).not.toContain('Tenant');
  });

  it('shows admin-tenant users only Tenant', async () => {
    renderApp('/', operatorVerify());
    await expectPath('/tenant-management');
    expect(await menuLabels()).toEqual(['Tenant']);
  });

  it('sends a route the role does not permit to /forbidden', async () => {
    renderApp('/admin/user', verifyData());
    await expectPath('/forbidden');
    expect(await screen.findByTestId('forbidden')).toHaveTextContent('Your role does not give you access');
  });

  // /users is react-admin's own path of a registered resource, whose screens live at spec paths.
  it.each(['/no/such/page', '/users'])('renders %s as not found inside the layout', async (path) => {
    renderApp(path, verifyData());
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(await menu()).toBeInTheDocument();
  });

  it('shows the under-development page for placeholder modules', async () => {
    renderApp('/insight/barometer', verifyData());
    const page = await screen.findByTestId('under-development');
    expect(page).toHaveTextContent('Under development');
    expect(page).toHaveTextContent('Short pulse checks');
  });

  it('sends every navigation to /password/change while verify says force_reset', async () => {
    renderApp('/task', verifyData({ force_reset: true }));
    await expectPath('/password/change');
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
  });

  it('sends a user with no active workspace to /login?error=no_active_workspace', async () => {
    signedIn();
    server.use(noActiveWorkspaceVerify);
    renderApp('/task');
    await expectPath('/login', '?error=no_active_workspace');
    expect(await screen.findByText(/no position at an active workspace/)).toBeInTheDocument();
    expect(getToken()).toBeUndefined();
  });

  it('sends any other verify failure to /login and clears the token', async () => {
    signedIn();
    server.use(
      http.get('*/api/user/verify', () => HttpResponse.json({ status: 500, message: 'x' }, { status: 500 })),
    );
    renderApp('/task');
    await expectPath('/login');
    expect(getToken()).toBeUndefined();
  });

  it('uses the mobile layout at 767 px: the menu is a drawer opened from the app bar', async () => {
    setViewportWidth(767);
    const { unmount } = renderApp('/task', verifyData());
    await waitFor(() => expect(document.querySelector('.sl-mobile')).not.toBeNull());
    expect(screen.queryByTestId('main-menu')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await menu();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Real-Time Insights' }));
    await userEvent.click(within(drawer).getByRole('link', { name: 'Idea' }));
    await expectPath('/insight/idea');
    // Choosing a destination closes the drawer.
    await waitFor(() => expect(screen.queryByTestId('main-menu')).toBeNull());
    unmount();
    setViewportWidth(768);
    renderApp('/task');
    await waitFor(() => expect(document.querySelector('.sl-desktop')).not.toBeNull());
    expect(await menu()).toBeVisible();
  });

  it('scrolls back to the top on each navigation and names the tab after the page', async () => {
    renderApp('/task', verifyData());
    const nav = await menu();
    vi.mocked(window.scrollTo).mockClear();
    await userEvent.click(within(nav).getByRole('link', { name: 'Library' }));
    await expectPath('/library');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await waitFor(() => expect(document.title).toBe('Library · Acme Retail'));
  });

  it('switches position: stores the choice and verifies again with X-Position-Id', async () => {
    signedIn();
    const seen: (string | null)[] = [];
    const twoPositions = (selected: number): VerifyData =>
      verifyData({
        modules: permissionsOf(selected === 21 ? 'Store Manager' : 'Team Member'),
        position_list: [
          position({ id: 11, node_name: 'Sydney CBD', role_name: 'Team Member', selected: selected === 11 }),
          position({
            id: 21,
            node_name: 'Parramatta',
            role_name: 'Store Manager',
            selected: selected === 21,
          }),
        ],
      });
    server.use(
      http.get('*/api/user/verify', ({ request }) => {
        const header = request.headers.get('x-position-id');
        seen.push(header);
        return HttpResponse.json({ status: 200, data: twoPositions(header === '21' ? 21 : 11) });
      }),
    );
    renderApp('/task');
    await userEvent.click(await screen.findByRole('button', { name: /switch position/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Parramatta/ }));
    await expectPath('/dashboard');
    expect(window.localStorage.getItem(POSITION_STORAGE_KEY)).toBe('21');
    // One verify for the page load, one for the new position.
    expect(seen).toEqual([null, '21']);
  });

  it('verifies the session once per page load, however many parts of the page ask', async () => {
    signedIn();
    let verifies = 0;
    server.use(
      http.get('*/api/user/verify', () => {
        verifies++;
        return HttpResponse.json({
          status: 200,
          data: adminVerify(),
        });
      }),
      http.get('*/api/user/list', () =>
        HttpResponse.json({ status: 200, data: { data: [userRecord()], total: 1, page: 1, per_page: 25 } }),
      ),
    );
    renderApp('/admin/user');
    // The layout's check, the list's, the app bar's identity and every button's access check have
    // all been answered once the row, its actions and the user's name are on screen.
    expect(await screen.findByText('Olivia Smith')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(await screen.findByText('Sam Staff')).toBeInTheDocument();
    expect(verifies).toBe(1);
  });

  it('signs out from the user menu: the server session ends and the cookie goes', async () => {
    let loggedOut = false;
    server.use(
      http.post('*/api/logout', () => {
        loggedOut = true;
        return HttpResponse.json({ status: 200, data: { redirect: '/login' } });
      }),
    );
    renderApp('/task', verifyData());
    // The button turns from an icon into the user's name once the identity is known.
    await screen.findByText('Sam Staff');
    await userEvent.click(screen.getByRole('button', { name: /account/i }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await expectPath('/login');
    expect(loggedOut).toBe(true);
    expect(getToken()).toBeUndefined();
  });
});
