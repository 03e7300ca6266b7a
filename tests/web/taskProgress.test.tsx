import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Progress } from '../../contract/api/tasks';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { TaskProgressBar } from '../../src/resources/tasks/TaskProgressBar';
import { dataProvider } from '../../src/screenRegistry';
import { resetBrowserState } from './fixtures';

function bar(progress: Progress, zone?: string) {
  return render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
      <TaskProgressBar progress={progress} zone={zone} />
    </AdminContext>,
  );
}

const progress = (overrides: Partial<Progress>): Progress => ({
  assigned: 0,
  done: 0,
  overdue: 0,
  upcoming: 0,
  next_due_at: null,
  ...overrides,
});

describe('a task’s progress (issue 25: due so far; upcoming apart)', () => {
  beforeEach(() => resetBrowserState());

  it('names the next occurrence instead of counting work not due yet as outstanding', () => {
    // Just published, first due Thursday 3 December at 17:00 in Sydney (06:00 UTC).
    bar(progress({ upcoming: 2, next_due_at: '2026-12-03T06:00:00.000Z' }), 'Australia/Sydney');
    expect(screen.getByText(/next: Thu,? (3 Dec|Dec 3)$/)).toBeTruthy();
    expect(screen.queryByText(/of .* done/)).toBeNull();
  });

  it('counts what was due so far and shows the next one beside it', () => {
    bar(
      progress({ assigned: 4, done: 3, overdue: 1, upcoming: 1, next_due_at: '2026-12-10T06:00:00.000Z' }),
      'Australia/Sydney',
    );
    expect(screen.getByRole('meter', { name: '3 of 4 done, 1 overdue' })).toBeTruthy();
    expect(screen.getByText(/next: Thu,? (10 Dec|Dec 10)$/)).toBeTruthy();
  });

  it('reads the next day by the store’s calendar, not the viewer’s', () => {
    // 23:30 UTC on 2 December is already Thursday 3 December in Sydney.
    bar(progress({ upcoming: 1, next_due_at: '2026-12-02T23:30:00.000Z' }), 'Australia/Sydney');
    expect(screen.getByText(/next: Thu,? (3 Dec|Dec 3)$/)).toBeTruthy();
  });

  it('says a task with nothing sent yet is not sent', () => {
    bar(progress({}));
    expect(screen.getByText('Not sent yet')).toBeTruthy();
  });
});
