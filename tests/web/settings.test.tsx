import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VerifyData } from '../../contract/api/session';
import type { SettingData, SettingUpdateBody } from '../../contract/api/settings';
import { THEME_KEYS } from '../../contract/constants';
import { termKeys } from '../../src/customRoutes/settings/termFields';
import { adminVerify, permissionsOf, resetBrowserState, signedIn, verifyData } from './fixtures';
import { server } from './msw';
import { expectPath, renderApp, renderRoute, setViewportWidth } from './renderApp';

const SETTINGS: SettingData = {
  terms: { workspace: 'Store', level_1: 'State' },
  modules: [
    { id: 'dashboard', label: 'Dashboard', enabled: true, editable: true },
    { id: 'setting', label: 'Setting', enabled: true, editable: false },
    { id: 'report', label: 'Report', enabled: true, editable: true },
    { id: 'storeinfo', label: 'Store Info', enabled: true, editable: true },
  ],
  week_starting_day: 1,
  max_active_workspace: 50,
  active_workspaces: 12,
};

const theme = THEME_KEYS.map((k) => ({ id: k.id, key: k.key, value: k.default, default: k.default }));

const owner = (overrides: Partial<VerifyData> = {}): VerifyData => adminVerify({ theme, ...overrides });

function serve(data: SettingData, verify: () => VerifyData = () => owner()) {
  server.use(
    http.get('*/api/user/verify', () => HttpResponse.json({ status: 200, data: verify() })),
    http.get('*/api/setting/get', () => HttpResponse.json({ status: 200, data })),
    http.get('*/api/theme/list', () => HttpResponse.json({ status: 200, data: { data: theme } })),
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('term fields', () => {
  it('offers workspace, plural, top level and one name per container level of the tree', () => {
    const tree = owner().hierarchy;
    expect(termKeys(tree, {})).toEqual(['workspace', 'workspaces', 'root', 'level_1', 'level_2']);
    expect(termKeys(tree, { level_4: 'District' })).toContain('level_4');
  });
});

describe('settings page', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
  });

  it('shows terms, modules, week start and the read-only limit in the tenant’s words', async () => {
    serve(SETTINGS);
    renderRoute('/settings', owner());
    expect(await screen.findByRole('textbox', { name: 'A workspace is called' })).toHaveValue('Store');
    expect(field('Level 1 groups')).toHaveValue('State');
    expect(field('Several are called')).toHaveValue('');
    expect(screen.getByText('Empty means “Stores”')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Report' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Setting' })).toBeDisabled();
    expect(screen.getByText('Always on, so this page stays reachable')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Weeks start on' })).toHaveTextContent('Monday');
    expect(screen.getByTestId('max-active-workspace')).toHaveTextContent('12 of 50 active stores');
    // The limit is read-only: the one number to type is the activity log's retention.
    expect(screen.getAllByRole('spinbutton').map((f) => f.getAttribute('name'))).toEqual([
      'activity_retention_days',
    ]);
    expect(screen.getByRole('spinbutton', { name: 'Keep entries for (days)' })).toHaveValue(0);
  });

  it('saves and the running app follows at once: the menu says Branch, report disappears', async () => {
    signedIn();
    let saved: SettingUpdateBody | undefined;
    let terms: Record<string, string> = { workspace: 'Store' };
    let modules = permissionsOf('Administrator');
    serve(SETTINGS, () => owner({ terms, modules }));
    server.use(
      http.put('*/api/setting/update', async ({ request }) => {
        saved = (await request.json()) as SettingUpdateBody;
        terms = { workspace: 'Branch', level_1: 'State' };
        modules = modules.filter((m) => m.id !== 'report');
        return HttpResponse.json({
          status: 200,
          data: {
            ...SETTINGS,
            terms,
            week_starting_day: 0,
            modules: SETTINGS.modules.map((m) => (m.id === 'report' ? { ...m, enabled: false } : m)),
          },
        });
      }),
    );
    renderApp('/settings');
    const nav = await screen.findByTestId('main-menu');
    expect(within(nav).getByRole('link', { name: 'Store Info' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Reports' })).toBeInTheDocument();

    const workspace = await screen.findByRole('textbox', { name: 'A workspace is called' });
    await userEvent.clear(workspace);
    await userEvent.type(workspace, 'Branch');
    await userEvent.click(screen.getByRole('switch', { name: 'Report' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Weeks start on' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sunday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeVisible();
    expect(saved).toEqual({
      terms: {
        workspace: 'Branch',
        workspaces: '',
        root: '',
        level_1: 'State',
        level_2: '',
        // Issue 31: the word per language, none given here (empty removes one).
        'workspace@en': '',
        'workspaces@en': '',
        'workspace@es': '',
        'workspaces@es': '',
        'workspace@fr': '',
        'workspaces@fr': '',
      },
      modules: [
        { id: 'dashboard', enabled: true },
        { id: 'report', enabled: false },
        { id: 'storeinfo', enabled: true },
      ],
      week_starting_day: 0,
      activity_retention_days: 0,
      language: null,
    });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Branch Info' })).toBeInTheDocument());
    expect(within(nav).queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(screen.getByTestId('max-active-workspace')).toHaveTextContent('12 of 50 active branches');
    expect(window.location.pathname).toBe('/settings');
  });

  it('puts the server’s field errors on their fields and keeps the input', async () => {
    serve(SETTINGS);
    server.use(
      http.put('*/api/setting/update', () =>
        HttpResponse.json(
          {
            status: 400,
            message: 'Keep the level_2 term to 40 characters or fewer',
            errors: { 'terms.level_2': 'Keep the level_2 term to 40 characters or fewer' },
          },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/settings', owner());
    const level = await screen.findByRole('textbox', { name: 'Level 2 groups' });
    await userEvent.type(level, 'Region');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findAllByText('Keep the level_2 term to 40 characters or fewer')).not.toHaveLength(0);
    expect(level).toHaveValue('Region');
  });

  it("says 'Failed to fetch settings' when they cannot be read", async () => {
    serve(SETTINGS);
    server.use(http.get('*/api/setting/get', () => new HttpResponse(null, { status: 500 })));
    renderRoute('/settings', owner());
    expect(await screen.findByText('Failed to fetch settings')).toBeVisible();
  });

  it('hides the theme editor from a role without the theme module', async () => {
    const modules = permissionsOf('Administrator').filter((m) => m.id !== 'theme');
    serve(SETTINGS);
    renderRoute('/settings', owner({ modules }));
    await screen.findByRole('textbox', { name: 'A workspace is called' });
    expect(screen.queryByText('Theme')).toBeNull();
  });

  it('is refused to a role without setting.update', async () => {
    renderApp('/settings', verifyData({ modules: permissionsOf('Area Manager') }));
    await expectPath('/forbidden');
  });
});
