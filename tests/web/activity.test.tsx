import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../contract/api/activity';
import { adminVerify, resetBrowserState } from './fixtures';
import { server } from './msw';
import { renderApp, renderRoute, setViewportWidth } from './renderApp';

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  at: '2026-11-26T23:00:00.000Z',
  actor_id: 2,
  actor_token_id: null,
  actor_directory_id: null,
  actor_name: 'Olivia Owner',
  actor_position: 'Administrator at Acme Retail',
  action: 'role.update',
  entity: 'role',
  entity_id: '4',
  entity_name: 'Store Manager',
  changes: {},
  ip: '10.0.0.7',
  ...over,
});

let asked: URLSearchParams[];

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(1280);
  asked = [];
  server.use(
    http.get('*/api/activity/list', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const data = [
        entry({
          id: 2,
          changes: {
            description: { before: 'Runs one store.', after: 'Runs one store. Opens and closes.' },
            password: { redacted: true },
          },
        }),
        entry({
          id: 3,
          action: 'task.create',
          entity: 'task',
          entity_name: 'Count the safe',
          actor_token_id: 5,
          actor_name: 'HR sync',
        }),
        entry({
          id: 4,
          action: 'user.disable',
          entity: 'user',
          entity_name: 'Lea Leaver',
          actor_id: null,
          actor_directory_id: 1,
          actor_name: 'Entra ID',
          actor_position: '',
        }),
        entry({
          id: 1,
          action: 'session.login',
          entity: 'user',
          entity_name: 'Olivia Owner',
          actor_id: null,
        }),
      ];
      return HttpResponse.json({ status: 200, data: { data, total: data.length, page: 1, per_page: 25 } });
    }),
  );
});

describe('/admin/activity', () => {
  it('shows who did what, from where, and each change before and after, secrets unwritten', async () => {
    renderRoute('/admin/activity', adminVerify());
    const list = within(await screen.findByRole('list', { name: 'Entries' }));
    const items = await list.findAllByRole('listitem', {}, { timeout: 5000 });
    const first = items[0]!;
    expect(first).toHaveTextContent('Role edited · Store Manager');
    expect(first).toHaveTextContent('By Olivia Owner (Administrator at Acme Retail) · from 10.0.0.7');
    expect(first).toHaveTextContent('description: Runs one store. → Runs one store. Opens and closes.');
    expect(first).toHaveTextContent('password: changed (not recorded)');
    expect(list.getByText('By the system', { exact: false })).toBeInTheDocument();
    // A program's write is its API token's, by name, at its maker's position.
    const byToken = items.find((item) => item.textContent?.includes('Task created · Count the safe'));
    expect(byToken).toHaveTextContent('By API token ‘HR sync’ (Administrator at Acme Retail)');
    // The company's directory (SCIM) writes as itself, by the name its token was given.
    const byDirectory = items.find((item) => item.textContent?.includes('Lea Leaver'));
    expect(byDirectory).toHaveTextContent('By directory ‘Entra ID’');
  });

  it('asks the API for what the filters say and keeps them in the address', async () => {
    renderRoute('/admin/activity?entity=role&entity_id=4', adminVerify());
    await screen.findByText('Showing the history of record 4.');
    await waitFor(() => expect(asked.at(-1)?.get('entity_id')).toBe('4'));
    expect(asked.at(-1)?.get('entity')).toBe('role');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search names and actions' }), 'Olivia');
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('Olivia'));
    expect(window.location.search).toContain('q=Olivia');
  });
});

describe('the date fields in the reader’s language (issue 31)', () => {
  it.each([
    ['fr', 'Du', ['Année', 'Mois', 'Jour'], /^Choisir la date/],
    ['es', 'Desde', ['Año', 'Mes', 'Dia'], /^Elige fecha/],
  ] as const)(
    'name their parts and calendar button in %s (MUI X’s own words)',
    async (language, from, names, open) => {
      renderApp('/admin/activity', adminVerify({ settings: { ...adminVerify().settings, language } }));
      const field = await screen.findByRole('group', { name: from }, { timeout: 5000 });
      expect(
        within(field)
          .getAllByRole('spinbutton')
          .map((s) => s.getAttribute('aria-label')),
      ).toEqual(names);
      // From and To each have their calendar button.
      expect(screen.getAllByRole('button', { name: open })).toHaveLength(2);
    },
  );
});
