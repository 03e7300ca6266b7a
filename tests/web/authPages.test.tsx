import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getSessionUser,
  isForcedReset,
  setForcedReset,
  setSessionUser,
} from '../../src/session/sessionStore';
import { toSessionUser } from '../../src/session/sessionUser';
import { getToken } from '../../src/session/tokenCookie';
import { loginUser, resetBrowserState, signedIn, verifyData, verifyHandler } from './fixtures';
import { server } from './msw';
import { emptyMyTasks } from './myTasksFixtures';
import { expectPath, renderApp } from './renderApp';

// Spec §8's texts, as a person reads them.
const FORGOT_FAILED = 'Failed to send password reset email';
const PASSWORD_UPDATE_FAILED = 'Password update failed';

const field = (name: RegExp) => screen.findByLabelText(name, { selector: 'input' });

const NO_SSO = { sso: false, start_url: null, provider_name: null, password: true };
const discoverAnswers = (data: typeof NO_SSO) =>
  http.get('*/api/sso/discover', () => HttpResponse.json({ status: 200, data }));

describe('sign-in and password pages', () => {
  beforeEach(() => {
    resetBrowserState();
    // Staff land on My Tasks: its calls answer an empty day.
    server.use(...emptyMyTasks, discoverAnswers(NO_SSO));
  });

  describe('/login', () => {
    it.each([
      ['no_active_workspace', /no position at an active workspace/],
      ['sso_user_not_found', /single sign-on account is not linked/],
      ['sso_token', /could not be verified, so you were not signed in/],
      ['sso_state', /expired or was already used/],
    ])('explains ?error=%s', async (error, text) => {
      renderApp(`/login?error=${error}`);
      expect(await screen.findByText(text)).toBeInTheDocument();
    });

    it('drops the verified flag and sends a visitor with a token cookie to /', async () => {
      signedIn();
      setSessionUser(toSessionUser(verifyData(), 'test-token'));
      let verified = 0;
      server.use(
        http.get('*/api/user/verify', () => {
          verified++;
          return HttpResponse.json({ status: 200, data: verifyData() });
        }),
      );
      renderApp('/login');
      await expectPath('/task');
      // Arriving at /login dropped the session, so "/" verified again.
      expect(verified).toBe(1);
    });

    it('signs in and lands on the first permitted page', async () => {
      server.use(
        http.post('*/api/login', () =>
          HttpResponse.json({
            status: 200,
            data: {
              user: loginUser(),
              token: 'new-token',
              redirect: '/',
            },
          }),
        ),
        verifyHandler(verifyData()),
      );
      renderApp('/login');
      await userEvent.type(await field(/E-mail/), 'staff@acme.test');
      await userEvent.type(await field(/^Password/), 'storeline-demo');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      await expectPath('/task');
      expect(getToken()).toBe('new-token');
    });

    it('offers the domain’s provider once the e-mail is known, and a password only when allowed', async () => {
      let asked: string | null = null;
      server.use(
        http.get('*/api/sso/discover', ({ request }) => {
          asked = new URL(request.url).searchParams.get('username');
          return HttpResponse.json({
            status: 200,
            data: {
              sso: true,
              start_url: '/api/sso/start?username=area%40acme.test',
              provider_name: 'Acme Login',
              password: false,
            },
          });
        }),
      );
      renderApp('/login');
      await userEvent.type(await field(/E-mail/), 'area@acme.test');
      await userEvent.tab();
      const provider = await screen.findByRole('link', { name: 'Continue with Acme Login' });
      expect(asked).toBe('area@acme.test');
      expect(provider).toHaveAttribute('href', '/api/sso/start?username=area%40acme.test');
      expect(screen.queryByLabelText(/^Password/, { selector: 'input' })).toBeNull();
      // A break-glass administrator may still use a password.
      await userEvent.click(screen.getByRole('button', { name: /password instead/ }));
      expect(await field(/^Password/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    });

    it('shows the server message for bad credentials', async () => {
      server.use(
        http.post('*/api/login', () =>
          HttpResponse.json({ status: 400, message: 'Incorrect username or password' }, { status: 400 }),
        ),
      );
      renderApp('/login');
      await userEvent.type(await field(/E-mail/), 'staff@acme.test');
      await userEvent.type(await field(/^Password/), 'wrong');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password');
      expect(window.location.pathname).toBe('/login');
    });
  });

  it('forwards /password to /password/forgot', async () => {
    renderApp('/password');
    await expectPath('/password/forgot');
  });

  describe('/password/forgot', () => {
    it('sends the request and goes to the e-mail sent page', async () => {
      let body: unknown;
      server.use(
        http.post('*/api/passwordforgot', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ status: 200, data: { redirect: '/password/forgotEmailSent' } });
        }),
      );
      renderApp('/password/forgot');
      await userEvent.type(await field(/E-mail/), 'olivia@acme.test');
      await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
      await expectPath('/password/forgotEmailSent');
      expect(body).toEqual({ username: 'olivia@acme.test' });
      expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    });

    it(`says "${FORGOT_FAILED}" when the request fails`, async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      server.use(
        http.post('*/api/passwordforgot', () =>
          HttpResponse.json({ status: 429, message: 'Too many' }, { status: 429 }),
        ),
      );
      renderApp('/password/forgot');
      await userEvent.type(await field(/E-mail/), 'olivia@acme.test');
      await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(FORGOT_FAILED);
    });
  });

  describe('/password/reset/:token', () => {
    it('checks the confirmation, then sets the password and returns to sign in with a notice', async () => {
      let body: unknown;
      server.use(
        http.post('*/api/passwordreset', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ status: 200, data: { user: {}, theme: [], redirect: '/login' } });
        }),
      );
      renderApp('/password/reset/2.abcdef');
      await userEvent.type(await field(/^New password/), 'a-new-password');
      await userEvent.type(await field(/Confirm new password/), 'a-different-one');
      await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
      expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
      await userEvent.clear(await field(/Confirm new password/));
      await userEvent.type(await field(/Confirm new password/), 'a-new-password');
      await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
      await expectPath('/login');
      expect(body).toEqual({ token: '2.abcdef', password: 'a-new-password' });
      expect(await screen.findByText(/Sign in with your new password/)).toBeInTheDocument();
    });

    it(`says "${PASSWORD_UPDATE_FAILED}" with the server's reason`, async () => {
      server.use(
        http.post('*/api/passwordreset', () =>
          HttpResponse.json(
            { status: 400, message: 'This password reset link is invalid or has expired.' },
            { status: 400 },
          ),
        ),
      );
      renderApp('/password/reset/bad');
      await userEvent.type(await field(/^New password/), 'a-new-password');
      await userEvent.type(await field(/Confirm new password/), 'a-new-password');
      await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(PASSWORD_UPDATE_FAILED);
      expect(alert).toHaveTextContent('invalid or has expired');
    });
  });

  describe('/password/change', () => {
    it('sends a visitor without a token or without the forced-reset flag to /login', async () => {
      setForcedReset(true);
      const first = renderApp('/password/change');
      await expectPath('/login');
      first.unmount();
      // With a token but no forced reset, /login in turn sends the signed-in user into the app.
      signedIn();
      setForcedReset(false);
      server.use(verifyHandler(verifyData()));
      renderApp('/password/change');
      await expectPath('/task');
    });

    it('changes the password, clears the flag and enters the app', async () => {
      signedIn();
      setForcedReset(true);
      let body: unknown;
      server.use(
        http.put('*/api/profile/update', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ status: 200, data: { password_changed: true } });
        }),
        verifyHandler(verifyData()),
      );
      renderApp('/password/change');
      await userEvent.type(await field(/^New password/), 'a-new-password');
      await userEvent.type(await field(/Confirm new password/), 'a-new-password');
      await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
      await expectPath('/task');
      expect(body).toEqual({ password: 'a-new-password' });
      expect(isForcedReset()).toBe(false);
      expect(getSessionUser()?.forceResetPassword).toBe(false);
    });

    it('goes to sign-in when the session ended meanwhile (spec §8: 401 on any call)', async () => {
      signedIn();
      setForcedReset(true);
      server.use(
        http.put('*/api/profile/update', () =>
          HttpResponse.json({ status: 401, message: 'Your session has ended' }, { status: 401 }),
        ),
      );
      renderApp('/password/change');
      await userEvent.type(await field(/^New password/), 'a-new-password');
      await userEvent.type(await field(/Confirm new password/), 'a-new-password');
      await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
      await expectPath('/login');
      expect(getToken()).toBeUndefined();
      expect(isForcedReset()).toBe(false);
    });

    it(`says "${PASSWORD_UPDATE_FAILED}" when the change is refused`, async () => {
      signedIn();
      setForcedReset(true);
      server.use(
        http.put('*/api/profile/update', () =>
          HttpResponse.json(
            { status: 400, message: 'Choose a password different from the current one' },
            { status: 400 },
          ),
        ),
      );
      renderApp('/password/change');
      await userEvent.type(await field(/^New password/), 'storeline-demo');
      await userEvent.type(await field(/Confirm new password/), 'storeline-demo');
      await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(PASSWORD_UPDATE_FAILED);
      expect(alert).toHaveTextContent('different from the current one');
      expect(window.location.pathname).toBe('/password/change');
    });
  });
});
