import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TaskPreview } from '../../contract/api/tasks';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { TaskPreviewPanel } from '../../src/resources/tasks/TaskPreviewPanel';
import { dataProvider } from '../../src/screenRegistry';
import { setSessionUser } from '../../src/session/sessionStore';
import { toSessionUser } from '../../src/session/sessionUser';
import { resetBrowserState, signedIn, verifyData } from './fixtures';

const workspace = (node_id: number, name: string, timezone: string) => ({
  node_id,
  name,
  identifier: null,
  timezone,
  people: 3,
});

const preview = (clock_changes: TaskPreview['clock_changes']): TaskPreview => ({
  stores: 3,
  people: 9,
  first_date: '2027-03-14',
  workspaces: [
    workspace(1, 'Los Angeles', 'America/Los_Angeles'),
    workspace(2, 'San Diego', 'America/Los_Angeles'),
    workspace(3, 'Phoenix', 'America/Phoenix'),
  ],
  clock_changes,
  busiest: null,
});

function panel(data: TaskPreview) {
  return render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
      <TaskPreviewPanel state={{ preview: data, isFetching: false, error: null, ready: true }} />
    </AdminContext>,
  );
}

beforeEach(() => {
  resetBrowserState();
  signedIn();
  setSessionUser(toSessionUser(verifyData(), 'test-token'));
});

describe('the task preview', () => {
  it('names the stores whose clocks skip or repeat the chosen times, before publishing', async () => {
    panel(
      preview([
        { node_id: 1, name: 'Los Angeles', timezone: 'America/Los_Angeles', which: 'start', kind: 'skipped' },
        { node_id: 2, name: 'San Diego', timezone: 'America/Los_Angeles', which: 'start', kind: 'skipped' },
      ]),
    );
    const notes = await screen.findAllByTestId('preview-clock-change');
    expect(notes.map((n) => n.textContent)).toEqual([
      'The clocks skip the start time that day in Los Angeles, San Diego: the task starts when the clocks have gone forward (never after it is due).',
    ]);
  });

  it('says nothing of clocks on an ordinary day', async () => {
    panel(preview([]));
    expect(await screen.findByTestId('preview-stores')).toHaveTextContent('3');
    expect(screen.queryByTestId('preview-clock-change')).toBeNull();
  });
});
