import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VerifyData } from '../../contract/api/session';
import type { SsoConfigBody, SsoConfigData } from '../../contract/api/sso';
import { resetBrowserState } from './fixtures';
import { server } from './msw';
import { renderRoute } from './renderApp';
import { serveSettingsPage, settingsOwner } from './settingsPage';

const owner = (): VerifyData => settingsOwner();

const SAVED: SsoConfigData = {
  enabled: true,
  provider_name: 'Microsoft',
  issuer: 'https://login.microsoftonline.com/acme/v2.0',
  client_id: 'client-1',
  client_secret_set: true,
  client_secret_opens: true,
  email_domains: ['acme.test'],
  sso_only: false,
  break_glass_usernames: [],
  create_users: { enabled: false, node_id: null, role_id: null },
  callback_url: 'https://storeline.example/api/sso/callback',
};

function serve(config: SsoConfigData) {
  serveSettingsPage();
  server.use(
    http.get('*/api/role/list', () =>
      HttpResponse.json({ status: 200, data: { data: [{ id: 1, name: 'Administrator' }], total: 1 } }),
    ),
    http.get('*/api/sso/config', () => HttpResponse.json({ status: 200, data: config })),
  );
}

describe('single sign-on card', () => {
  beforeEach(() => {
    resetBrowserState();
  });

  it('shows the callback address, keeps the stored secret unless a new one is typed, and says what the test found', async () => {
    serve(SAVED);
    const sent: SsoConfigBody[] = [];
    let tested: unknown;
    server.use(
      http.put('*/api/sso/config', async ({ request }) => {
        const body = (await request.json()) as SsoConfigBody;
        sent.push(body);
        return HttpResponse.json({ status: 200, data: { ...SAVED, email_domains: body.email_domains } });
      }),
      http.post('*/api/sso/test', async ({ request }) => {
        tested = await request.json();
        return HttpResponse.json({
          status: 200,
          data: { ok: false, message: 'Nothing answers at that address.' },
        });
      }),
    );
    renderRoute('/settings', owner());
    const card = await screen.findByTestId('sso-settings');
    expect(await within(card).findByTestId('sso-callback-url')).toHaveTextContent(SAVED.callback_url);
    expect(within(card).getByText(/A secret is stored/)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Test the provider' }));
    expect(await within(card).findByText('Nothing answers at that address.')).toBeInTheDocument();
    expect(tested).toEqual({ issuer: SAVED.issuer });

    const domains = within(card).getByRole('textbox', { name: 'E-mail domains' });
    await userEvent.clear(domains);
    await userEvent.type(domains, 'acme.test, acme.co.uk');
    await userEvent.click(within(card).getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText('Single sign-on saved')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ email_domains: ['acme.test', 'acme.co.uk'], enabled: true });
    expect(sent[0]).not.toHaveProperty('client_secret');
  });

  it('says when the stored secret cannot be opened with this server’s key, so the administrator types it again', async () => {
    serve({ ...SAVED, client_secret_opens: false });
    renderRoute('/settings', owner());
    const card = await screen.findByTestId('sso-settings');
    expect(await within(card).findByText(/this server’s secret key cannot open it/)).toBeInTheDocument();
    expect(within(card).queryByText(/A secret is stored \(encrypted\)/)).not.toBeInTheDocument();
  });

  it('puts the server’s refusal on its field', async () => {
    serve({ ...SAVED, enabled: false, client_secret_set: false, client_secret_opens: false, issuer: '' });
    server.use(
      http.put('*/api/sso/config', () =>
        HttpResponse.json(
          {
            status: 400,
            message: 'Another organisation already signs this e-mail domain in through its provider.',
            errors: {
              email_domains: 'Another organisation already signs this e-mail domain in through its provider.',
            },
          },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/settings', owner());
    const card = await screen.findByTestId('sso-settings');
    await within(card).findByTestId('sso-callback-url');
    await userEvent.type(within(card).getByRole('textbox', { name: 'E-mail domains' }), ', globex.test');
    await userEvent.click(within(card).getByRole('button', { name: 'Save single sign-on' }));
    expect(
      (
        await within(card).findAllByText(
          'Another organisation already signs this e-mail domain in through its provider.',
        )
      ).length,
    ).toBeGreaterThan(0);
  });
});
