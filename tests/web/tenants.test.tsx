import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../../contract/api/tenants';
import { slugify } from '../../src/resources/tenants/tenantChoices';
import { adminVerify, operatorVerify, resetBrowserState } from './fixtures';
import { server } from './msw';
import { expectPath, renderApp, renderRoute, setViewportWidth } from './renderApp';

const tenant = (overrides: Partial<TenantRecord>): TenantRecord => ({
  id: 2,
  identifier: 'acme',
  name: 'Acme Retail',
  status: 'active',
  modules: ['dashboard', 'setting', 'theme'],
  max_active_workspace: 50,
  active_workspaces: 12,
  users: 45,
  created_at: '2026-01-05T00:00:00.000Z',
  ...overrides,
});

const ACME = tenant({});
const GLOBEX = tenant({
  id: 3,
  identifier: 'globex',
  name: 'Globex Stores',
  status: 'disabled',
  max_active_workspace: 2,
  active_workspaces: 2,
  users: 2,
});

/** A tenant-management screen on its own, as a platform operator. */
const renderAsOperator = (path: string) => renderRoute(path, operatorVerify());

const listHandler = (rows: TenantRecord[], seen?: URLSearchParams[]) =>
  http.get('*/api/tenant/list', ({ request }) => {
    const query = new URL(request.url).searchParams;
    seen?.push(query);
    const q = query.get('q')?.toLowerCase();
    const data = rows.filter((r) => !q || r.name.toLowerCase().includes(q) || r.identifier.includes(q));
    return HttpResponse.json({ status: 200, data: { data, total: data.length, page: 1, per_page: 25 } });
  });

describe('tenant identifiers', () => {
  it('suggests a slug from the name', () => {
    expect(slugify('Initech Corp.')).toBe('initech-corp');
    expect(slugify('  Café Łódź & Co  ')).toBe('cafe-odz-co');
    expect(slugify('')).toBe('');
  });
});

describe('tenant management', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
  });

  it('lists tenants with identifier, status, active workspaces against the limit and users', async () => {
    const seen: URLSearchParams[] = [];
    server.use(listHandler([ACME, GLOBEX], seen));
    renderAsOperator('/tenant-management');
    const acmeRow = (await screen.findByText('Acme Retail')).closest('tr')!;
    expect(within(acmeRow).getByText('acme')).toBeVisible();
    expect(within(acmeRow).getByText('Active')).toBeVisible();
    expect(within(acmeRow).getByText('12 / 50')).toBeVisible();
    expect(within(acmeRow).getByText('45')).toBeVisible();
    const globexRow = screen.getByText('Globex Stores').closest('tr')!;
    expect(within(globexRow).getByText('Disabled')).toBeVisible();
    expect(within(globexRow).getByRole('button', { name: 'Enable' })).toBeVisible();
    expect(seen[0]?.get('sort')).toBe('name');
    expect(seen[0]?.get('order')).toBe('asc');

    await userEvent.type(screen.getByPlaceholderText('Search name or identifier'), 'glob');
    await waitFor(() => expect(screen.queryByText('Acme Retail')).toBeNull());
    expect(seen.at(-1)?.get('q')).toBe('glob');
  });

  it('opens a tenant from its row', async () => {
    server.use(
      listHandler([ACME]),
      http.get('*/api/tenant/get', () => HttpResponse.json({ status: 200, data: ACME })),
    );
    renderAsOperator('/tenant-management');
    await userEvent.click(await screen.findByText('Acme Retail'));
    await expectPath('/tenant-management/edit/2');
    expect(await screen.findByRole('textbox', { name: 'Identifier' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Acme Retail');
  });

  it('shows an empty state that leads to creation', async () => {
    server.use(listHandler([]));
    renderAsOperator('/tenant-management');
    const empty = await screen.findByTestId('tenants-empty');
    await userEvent.click(within(empty).getByRole('link', { name: 'New tenant' }));
    await expectPath('/tenant-management/create');
  });

  it('disables a tenant only after confirmation', async () => {
    let disabled: unknown;
    server.use(
      listHandler([ACME]),
      http.put('*/api/tenant/disable', async ({ request }) => {
        disabled = await request.json();
        return HttpResponse.json({ status: 200, data: { ...ACME, status: 'disabled' } });
      }),
    );
    renderAsOperator('/tenant-management');
    const row = (await screen.findByText('Acme Retail')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Everyone at Acme Retail is signed out now');
    expect(disabled).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Acme Retail is disabled and its users are signed out')).toBeVisible();
    expect(disabled).toEqual({ id: 2 });
    expect(window.location.pathname).toBe('/tenant-management');
  });

  it('creates a tenant: identifier from the name, every module by default, invitation notice', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      listHandler([]),
      http.post('*/api/tenant/create', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({
          status: 200,
          data: tenant({ id: 9, identifier: 'initech', name: 'Initech', active_workspaces: 0, users: 1 }),
        });
      }),
    );
    renderAsOperator('/tenant-management/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Initech');
    expect(screen.getByRole('textbox', { name: 'Identifier' })).toHaveValue('initech');
    expect(screen.getByRole('checkbox', { name: 'Report' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Tenant Management' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Report' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'bill@initech.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(
        'Initech is ready. An invitation to choose a password was sent to bill@initech.test.',
      ),
    ).toBeVisible();
    await expectPath('/tenant-management');
    expect(body).toMatchObject({
      identifier: 'initech',
      name: 'Initech',
      max_active_workspace: 100,
      admin_email: 'bill@initech.test',
    });
    expect(body?.modules).not.toContain('report');
    expect(body?.modules).toContain('dashboard');
  });

  it('checks the identifier before sending and shows the server’s conflict on the field', async () => {
    let posts = 0;
    server.use(
      http.post('*/api/tenant/create', () => {
        posts++;
        return HttpResponse.json(
          {
            status: 409,
            message: 'A tenant with the identifier "acme" already exists',
            errors: { identifier: 'A tenant with the identifier "acme" already exists' },
          },
          { status: 409 },
        );
      }),
    );
    renderAsOperator('/tenant-management/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Admin');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'x@admin.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This identifier is reserved for Storeline itself')).toBeVisible();
    expect(posts).toBe(0);

    const identifier = screen.getByRole('textbox', { name: 'Identifier' });
    await userEvent.clear(identifier);
    await userEvent.type(identifier, 'acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('A tenant with the identifier "acme" already exists')).not.toHaveLength(
      0,
    );
    expect(posts).toBe(1);
    expect(window.location.pathname).toBe('/tenant-management/create');
  });

  it('is refused to tenant administrators', async () => {
    renderApp('/tenant-management', adminVerify());
    await expectPath('/forbidden');
  });
});
