import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../contract/api/profile';
import { LoadingScreen } from '../../src/layout/LoadingScreen';
import { authProvider } from '../../src/providers/authProvider';
import { rememberLanguage } from '../../src/session/languageMemory';
import { clearSession, getSessionUser } from '../../src/session/sessionStore';
import { getToken } from '../../src/session/tokenCookie';
import { loginUser, resetBrowserState, staffProfile, verifyData } from './fixtures';
import { server } from './msw';
import { card, departmentList, group, TYPES } from './myTasksFixtures';
import { renderApp, setViewportWidth } from './renderApp';

// Issue 31: the language is the person's, else the tenant's, else the browser's, and a change on
// the profile switches the whole app at once, signed in as before.

const PROFILE = staffProfile({ language: null });

let sent: Record<string, unknown> | undefined;

/** A server that keeps what it is sent, as the real one does. */
function serve(profile: Profile = PROFILE) {
  sent = undefined;
  let current = profile;
  server.use(
    http.get('*/api/profile/get', () => HttpResponse.json({ status: 200, data: current })),
    http.put('*/api/profile/update', async ({ request }) => {
      sent = (await request.json()) as Record<string, unknown>;
      current = { ...current, ...sent };
      return HttpResponse.json({ status: 200, data: { ...current, password_changed: false } });
    }),
  );
}

const settings = (language: 'en' | 'es' | 'fr' | null) => ({ ...verifyData().settings, language });

function browserSpeaks(...languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

describe('the language Storeline speaks', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
    browserSpeaks('en-US', 'en');
  });
  afterEach(() => browserSpeaks('en-US', 'en'));

  it('switches the whole app when the person picks a language on the profile, without signing out', async () => {
    serve();
    renderApp('/profile', verifyData());
    const card = await screen.findByTestId('profile-language');
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('combobox', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Français' }));

    expect(await screen.findByText('Langue enregistrée')).toBeInTheDocument();
    expect(sent).toEqual({ language: 'fr' });
    // Every screen string now comes in French: the page, its cards and react-admin's own.
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mot de passe' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveTextContent('Français');
    // Still signed in, still here.
    expect(getToken()).toBe('test-token');
    expect(getSessionUser()?.language).toBe('fr');
    expect(window.location.pathname).toBe('/profile');
  });

  it('goes back to the tenant’s default when the person clears their choice', async () => {
    serve({ ...PROFILE, language: 'fr' });
    renderApp('/profile', verifyData({ language: 'fr', settings: settings('es') }));
    const card = await screen.findByTestId('profile-language');
    expect(screen.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('combobox', { name: 'Langue' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Celle de votre organisation par défaut (Español)' }),
    );

    expect(sent).toEqual({ language: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeInTheDocument();
  });

  it('starts in the tenant’s default language for a person who chose none', async () => {
    serve();
    renderApp('/profile', verifyData({ settings: settings('es') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navegación principal' })).toBeInTheDocument();
  });

  it('starts in the browser’s language when neither the person nor the tenant chose', async () => {
    browserSpeaks('de-DE', 'fr-CA', 'en');
    serve();
    renderApp('/profile', verifyData());
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeInTheDocument();
  });

  it('shows the sign-in page in the browser’s language', async () => {
    browserSpeaks('es-MX', 'en');
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión en Storeline' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Contraseña/)).toBeInTheDocument();
  });

  it('keeps English on the sign-in page for a browser language Storeline does not speak', async () => {
    browserSpeaks('de-DE');
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to Storeline' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).not.toBe(''));
  });
});

// Issue 44 item 3: after sign-in, "Loading your workspace…" shows before verify has said who the
// person is; it speaks what they read (sign-in's answer, or the last verify on this browser), not
// the browser's English.
describe('the loading screen after sign-in', () => {
  beforeEach(() => {
    resetBrowserState();
    browserSpeaks('en-US', 'en');
  });

  it('speaks the language sign-in answered with', async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json({
          status: 200,
          data: { user: loginUser(), token: 'tok-es', redirect: '/', language: 'es' },
        }),
      ),
    );
    await authProvider.login({ username: 'staff@acme.test', password: 'pw' });
    render(<LoadingScreen />);
    expect(screen.getByRole('progressbar', { name: 'Cargando su espacio de trabajo…' })).toBeInTheDocument();
  });

  it('speaks the language of the last verify when the page is opened again', async () => {
    serve();
    renderApp('/profile', verifyData({ settings: settings('fr') }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeInTheDocument();
    cleanup();
    // A new page load: signed in, not yet verified.
    clearSession();
    render(<LoadingScreen />);
    expect(screen.getByRole('progressbar', { name: 'Chargement de votre espace…' })).toBeInTheDocument();
  });

  it('speaks the browser’s language once signed out', async () => {
    rememberLanguage('fr');
    render(<LoadingScreen />);
    expect(screen.getByRole('progressbar', { name: 'Loading your workspace…' })).toBeInTheDocument();
  });
});

// Issue 44 item 3: My Tasks groups under the tenant's task type names, worded per language as the
// terms are: a Spanish person reads the Spanish name, a language without one the default name.
describe('the task type headers of My Tasks', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(390);
    browserSpeaks('en-US', 'en');
  });

  it('reads each type’s name in the person’s language, else its default name', async () => {
    const named = { ...TYPES.communication, names: { es: 'Comunicado', fr: '' } };
    const plain = { ...TYPES.task, names: {} };
    server.use(
      departmentList,
      http.get('*/api/user/task/date', () =>
        HttpResponse.json({
          status: 200,
          data: {
            data: [
              group(plain, [card({ assignment_id: 1, title: 'Contar la caja' })]),
              group(named, [card({ assignment_id: 2, title: 'Nuevo horario', type_id: named.id })]),
            ],
          },
        }),
      ),
    );
    renderApp('/task?date=2030-03-04', verifyData({ language: 'es' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Comunicado' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Comunicado' })).toHaveTextContent('Nuevo horario');
    expect(screen.getByRole('heading', { level: 2, name: 'Task' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Communication' })).toBeNull();
  });
});
