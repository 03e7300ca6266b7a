import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiToken, TokenCreateBody, TokenCreated } from '../../contract/api/tokens';
import { resetBrowserState } from './fixtures';
import { server } from './msw';
import { renderRoute, setViewportWidth } from './renderApp';
import { openAsSettingsReader, serveSettingsPage, settingsOwner } from './settingsPage';

const owner = settingsOwner;

const HR_SYNC: ApiToken = {
  id: 7,
  name: 'HR sync',
  prefix: 'stl_2.AbCdEf',
  scopes: ['user.read', 'workspace.read'],
  created_by: { id: 2, name: 'Olivia Owner' },
  created_at: '2026-11-20T01:00:00.000Z',
  expires_at: null,
  last_used_at: '2026-11-28T03:00:00.000Z',
  revoked_at: null,
  status: 'active',
};

const SECRET = `stl_2.${'x'.repeat(43)}`;

/** The settings page's other cards answered plainly, so that only the tokens card is under test. */
function serveSettings(tokens: () => ApiToken[]) {
  serveSettingsPage();
  server.use(http.get('*/api/token/list', () => HttpResponse.json({ status: 200, data: tokens() })));
}

describe('API tokens on the settings page', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
  });

  it('lists the tokens with what they may do and their last use, never a secret', async () => {
    serveSettings(() => [
      HR_SYNC,
      {
        ...HR_SYNC,
        id: 8,
        name: 'Old feed',
        scopes: ['report.read'],
        created_by: { id: 3, name: 'Ava Admin' },
        status: 'revoked',
      },
    ]);
    renderRoute('/settings', owner());
    const card = await screen.findByTestId('api-tokens-settings');
    expect(within(card).getByRole('heading', { name: 'API tokens' })).toBeInTheDocument();
    expect(await within(card).findByText('HR sync')).toBeInTheDocument();
    expect(within(card).getByText('user.read, workspace.read')).toBeInTheDocument();
    expect(within(card).getByText(/Made by Olivia Owner/)).toHaveTextContent(/never expires · last used/);
    expect(within(card).getByText('Revoked')).toBeInTheDocument();
    // A revoked token has nothing left to revoke.
    expect(within(card).getAllByRole('button', { name: /^Revoke the token/ })).toHaveLength(1);
  });

  it('makes a token from the scopes the person holds, shows its secret once with a copy button', async () => {
    let tokens: ApiToken[] = [];
    const sent: TokenCreateBody[] = [];
    serveSettings(() => tokens);
    server.use(
      http.post('*/api/token/create', async ({ request }) => {
        const body = (await request.json()) as TokenCreateBody;
        sent.push(body);
        const created: TokenCreated = { ...HR_SYNC, name: body.name, scopes: body.scopes, token: SECRET };
        tokens = [created];
        return HttpResponse.json({ status: 200, data: created });
      }),
    );
    renderRoute('/settings', owner());
    const card = await screen.findByTestId('api-tokens-settings');
    expect(await within(card).findByText('No API tokens yet.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'New token' }));

    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText('Give the token a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one thing the token may do.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'HR sync');
    const people = within(dialog).getByRole('group', { name: 'Users' });
    await userEvent.click(within(people).getByRole('checkbox', { name: 'Read' }));
    await userEvent.click(within(people).getByRole('checkbox', { name: 'Update' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy the token “HR sync” now' });
    expect(sent).toEqual([{ name: 'HR sync', scopes: ['user.read', 'user.update'], expires_at: null }]);
    expect(within(shown).getByTestId('api-token-secret')).toHaveTextContent(SECRET);
    expect(within(shown).getByText(/only time the token is shown/)).toBeInTheDocument();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy token' }));
    await waitFor(() => expect(copied).toEqual([SECRET]));
    expect(await screen.findByText('Token copied')).toBeInTheDocument();

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('api-token-secret')).not.toBeInTheDocument());
    expect(await within(card).findByText('HR sync')).toBeInTheDocument();
    expect(card).not.toHaveTextContent(SECRET);
  });

  it('offers only what the person’s own role grants', async () => {
    serveSettings(() => []);
    const verify = owner();
    renderRoute(
      '/settings',
      owner({
        modules: verify.modules.map((m) =>
          m.id === 'user'
            ? { ...m, capabilities: ['read'] }
            : m.id === 'audit'
              ? { ...m, status: 'inactive' }
              : m,
        ),
      }),
    );
    const card = await screen.findByTestId('api-tokens-settings');
    await userEvent.click(await within(card).findByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    const people = within(dialog).getByRole('group', { name: 'Users' });
    expect(
      within(people)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Read']);
    expect(within(dialog).queryByRole('group', { name: 'Audit' })).not.toBeInTheDocument();
  });

  it('revokes a token after a confirmation', async () => {
    let tokens = [HR_SYNC];
    let revoked: string | null = null;
    serveSettings(() => tokens);
    server.use(
      http.delete('*/api/token/delete', ({ request }) => {
        revoked = new URL(request.url).searchParams.get('id');
        tokens = [{ ...HR_SYNC, status: 'revoked', revoked_at: '2026-11-29T00:00:00.000Z' }];
        return HttpResponse.json({ status: 200, data: tokens[0] });
      }),
    );
    renderRoute('/settings', owner());
    const card = await screen.findByTestId('api-tokens-settings');
    await userEvent.click(await within(card).findByRole('button', { name: 'Revoke the token HR sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the token “HR sync”?' });
    expect(revoked).toBeNull();
    await userEvent.click(within(confirm).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(revoked).toBe('7'));
    expect(await within(card).findByText('Revoked')).toBeInTheDocument();
  });

  it('is not on the page for someone who may not change the settings', async () => {
    let asked = false;
    serveSettings(() => {
      asked = true;
      return [HR_SYNC];
    });
    await openAsSettingsReader();
    expect(screen.queryByTestId('api-tokens-settings')).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });
});
