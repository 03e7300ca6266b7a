import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/api/roles';
import type {
  ScimGroup,
  ScimGroupUpdateBody,
  ScimSettingsBody,
  ScimToken,
  ScimTokenCreateBody,
  ScimTokenCreated,
} from '../../contract/api/scim';
import { acmeTree, resetBrowserState } from './fixtures';
import { server } from './msw';
import { renderRoute } from './renderApp';
import { openAsSettingsReader, serveSettingsPage, settingsOwner } from './settingsPage';

const ENTRA: ScimToken = {
  id: 3,
  name: 'Entra ID',
  prefix: 'scim_2.AbCd',
  created_by: { id: 2, name: 'Olivia Owner' },
  created_at: '2026-11-20T01:00:00.000Z',
  rotated_at: null,
  last_used_at: '2026-11-28T03:00:00.000Z',
};

const SECRET = `scim_2.${'s'.repeat(43)}`;
const NEW_SECRET = `scim_2.${'n'.repeat(43)}`;

const MANAGERS: ScimGroup = {
  id: 11,
  display_name: 'Store managers',
  external_id: 'entra-group-11',
  members: 4,
  node_id: null,
  node_name: null,
  role_id: null,
  role_name: null,
};

const role = (id: number, name: string): Role => ({
  id,
  name,
  description: '',
  permissions: [],
  user_count: 0,
  assignable: true,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
});

/** The settings page with the SCIM card's tokens as `tokens()` says (msw.ts: no groups, delete disables). */
function serve(tokens: () => ScimToken[]) {
  serveSettingsPage();
  server.use(http.get('*/api/scim/token/list', () => HttpResponse.json({ status: 200, data: tokens() })));
}

async function scimCard(): Promise<HTMLElement> {
  renderRoute('/settings', settingsOwner());
  return screen.findByTestId('scim-settings');
}

describe('directory provisioning (SCIM) card', () => {
  beforeEach(() => {
    resetBrowserState();
  });

  it('shows the base URL and where it goes, says no group came yet, and shows a new token’s secret once', async () => {
    let tokens: ScimToken[] = [];
    const sent: ScimTokenCreateBody[] = [];
    serve(() => tokens);
    server.use(
      http.post('*/api/scim/token/create', async ({ request }) => {
        const body = (await request.json()) as ScimTokenCreateBody;
        sent.push(body);
        const created: ScimTokenCreated = { ...ENTRA, name: body.name, last_used_at: null, token: SECRET };
        tokens = [created];
        return HttpResponse.json({ status: 200, data: created });
      }),
    );
    const card = await scimCard();
    expect(within(card).getByRole('heading', { name: 'Directory provisioning (SCIM)' })).toBeInTheDocument();
    expect(await within(card).findByTestId('scim-base-url')).toHaveTextContent(
      'https://storeline.test/scim/v2',
    );
    expect(
      within(card).getByText(/Entra ID as the Tenant URL, or into Okta as the Base URL/),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(await within(card).findByText(/Your directory has not sent any groups yet/)).toBeInTheDocument();

    await userEvent.click(await within(card).findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText('Give the token a name.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Directory/ }), 'Entra ID{Enter}');

    const shown = await screen.findByRole('dialog', { name: 'Copy the token “Entra ID” now' });
    expect(sent).toEqual([{ name: 'Entra ID' }]);
    expect(within(shown).getByTestId('scim-token-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByText(/only time the secret is shown/)).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('scim-token-secret')).not.toBeInTheDocument());
    const item = await within(card).findByTestId('scim-token');
    expect(item).toHaveTextContent(/Entra ID.*scim_2\.AbCd…/);
    expect(item).toHaveTextContent(/Made by Olivia Owner on .* · never used/);
    expect(card).not.toHaveTextContent(SECRET);
  });

  it('rotates a token after a warning and shows the new secret, then revokes it after a confirmation', async () => {
    let tokens = [ENTRA];
    const rotated: unknown[] = [];
    let revoked: string | null = null;
    serve(() => tokens);
    server.use(
      http.post('*/api/scim/token/rotate', async ({ request }) => {
        rotated.push(await request.json());
        const fresh: ScimTokenCreated = {
          ...ENTRA,
          rotated_at: '2026-11-29T00:00:00.000Z',
          token: NEW_SECRET,
        };
        tokens = [fresh];
        return HttpResponse.json({ status: 200, data: fresh });
      }),
      http.delete('*/api/scim/token/delete', ({ request }) => {
        revoked = new URL(request.url).searchParams.get('id');
        tokens = [];
        return HttpResponse.json({ status: 200, data: ENTRA });
      }),
    );
    const card = await scimCard();
    await userEvent.click(await within(card).findByRole('button', { name: 'Rotate the token Entra ID' }));
    const warning = await screen.findByRole('dialog', { name: 'Give the token “Entra ID” a new secret?' });
    expect(warning).toHaveTextContent('The current secret stops working at once');
    expect(rotated).toEqual([]);
    await userEvent.click(within(warning).getByRole('button', { name: 'Rotate' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy the new secret of “Entra ID” now' });
    expect(rotated).toEqual([{ id: 3 }]);
    expect(within(shown).getByTestId('scim-token-secret')).toHaveTextContent(NEW_SECRET);
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await within(card).findByText(/new secret/)).toBeInTheDocument();

    // Found once the secret's dialog has gone and the page is no longer hidden behind it.
    await userEvent.click(await within(card).findByRole('button', { name: 'Revoke the token Entra ID' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the token “Entra ID”?' });
    expect(revoked).toBeNull();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(card).findByText(/No SCIM tokens yet/)).toBeInTheDocument();
    expect(revoked).toBe('3');
  });

  it('shows the server’s refusal of a token, and saves what a directory delete does', async () => {
    const saved: ScimSettingsBody[] = [];
    serve(() => [ENTRA]);
    server.use(
      http.post('*/api/scim/token/create', () =>
        HttpResponse.json(
          { status: 409, message: 'This organisation has 10 live SCIM tokens: revoke one first.' },
          { status: 409 },
        ),
      ),
      http.put('*/api/scim/setting/update', async ({ request }) => {
        const body = (await request.json()) as ScimSettingsBody;
        saved.push(body);
        return HttpResponse.json({
          status: 200,
          data: { base_url: 'https://storeline.test/scim/v2', on_delete: body.on_delete },
        });
      }),
    );
    const card = await scimCard();
    await userEvent.click(await within(card).findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SCIM token' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Directory/ }), 'Okta{Enter}');
    expect(
      await within(dialog).findByText('This organisation has 10 live SCIM tokens: revoke one first.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('scim-token-secret')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const choice = within(card).getByRole('group', { name: 'When the directory deletes a person' });
    expect(within(choice).getByRole('radio', { name: /^Disable them/ })).toBeChecked();
    await userEvent.click(within(choice).getByRole('radio', { name: /^Delete them/ }));
    await userEvent.click(within(choice).getByRole('button', { name: 'Save choice' }));
    expect(await screen.findByText('Choice saved')).toBeInTheDocument();
    expect(saved).toEqual([{ on_delete: 'delete' }]);
  });

  it('saves the position a group gives: a place and a role, never one without the other', async () => {
    const sent: ScimGroupUpdateBody[] = [];
    serve(() => []);
    server.use(
      http.get('*/api/scim/group/list', () => HttpResponse.json({ status: 200, data: [MANAGERS] })),
      http.get('*/api/hierarchy/tree/fetch', () => HttpResponse.json({ status: 200, data: acmeTree() })),
      http.get('*/api/role/list', () =>
        HttpResponse.json({ status: 200, data: { data: [role(4, 'Store Manager')], total: 1 } }),
      ),
      http.put('*/api/scim/group/update', async ({ request }) => {
        const body = (await request.json()) as ScimGroupUpdateBody;
        sent.push(body);
        return HttpResponse.json({
          status: 200,
          data: { ...MANAGERS, node_id: 5, node_name: 'Sydney CBD', role_id: 4, role_name: 'Store Manager' },
        });
      }),
    );
    const card = await scimCard();
    const group = await within(card).findByTestId('scim-group');
    expect(group).toHaveTextContent(/Store managers\s*4 members/);
    await userEvent.click(within(group).getByRole('combobox', { name: 'Place' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sydney CBD' }));
    const save = within(group).getByRole('button', { name: 'Save the position Store managers gives' });
    await userEvent.click(save);
    expect(within(group).getByText(/Choose both a place and a role, or neither/)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.click(within(group).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Store Manager' }));
    await userEvent.click(save);
    expect(await screen.findByText('Position of Store managers saved')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 11, node_id: 5, role_id: 4 }]);
  });

  it('is not on the page for someone who may not change the settings', async () => {
    let asked = false;
    serveSettingsPage();
    server.use(
      http.get('*/api/scim/token/list', () => {
        asked = true;
        return HttpResponse.json({ status: 200, data: [] });
      }),
    );
    await openAsSettingsReader();
    expect(screen.queryByTestId('scim-settings')).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });
});
