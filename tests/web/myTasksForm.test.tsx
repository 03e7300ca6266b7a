import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MyTaskCard } from '../../contract/api/mytasks';
import { resetBrowserState, verifyData } from './fixtures';
import { inspectionOf, surroundings } from './inspectionFixtures';
import { server } from './msw';
import { card, departmentList, detail, group, TYPES } from './myTasksFixtures';
import { renderRoute, setViewportWidth } from './renderApp';

/*
 * Issue 48: a task that carries a form is completed by filling the form in. The store's drawer
 * offers the form (and "Can't do") instead of the evidence form; the form opens in the runner.
 */

const DAY = '2030-03-04';

function serve(start: MyTaskCard) {
  const opened: unknown[] = [];
  server.use(
    ...surroundings,
    departmentList,
    http.get('*/api/user/task/urgent', () => HttpResponse.json({ status: 200, data: { data: [] } })),
    http.get('*/api/user/task/date', () =>
      HttpResponse.json({ status: 200, data: { data: [group(TYPES.task, [start])] } }),
    ),
    http.get('*/api/user/task/get', () => HttpResponse.json({ status: 200, data: detail(start) })),
    http.post('*/api/user/task/form', async ({ request }) => {
      opened.push(await request.json());
      return HttpResponse.json({
        status: 200,
        data: inspectionOf({}, { assignment_id: start.assignment_id }),
      });
    }),
    http.get('*/api/inspection/get', () =>
      HttpResponse.json({ status: 200, data: inspectionOf({}, { assignment_id: start.assignment_id }) }),
    ),
  );
  return opened;
}

async function openTask(title: string) {
  renderRoute(`/task?date=${DAY}`, verifyData());
  await userEvent.click(await screen.findByRole('button', { name: (name) => name.startsWith(title) }));
  const drawer = await screen.findByTestId('task-drawer');
  await within(drawer).findByTestId('task-instructions');
  return drawer;
}

const formTask = (form: MyTaskCard['form']) =>
  card({ title: 'Opening standards', evidence: { comment: false, photos: 0, files: 0, checklist: 0 }, form });

describe('My Tasks: a task with a form', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(390);
  });

  it('offers the form instead of the evidence, and opens it in the runner', async () => {
    const opened = serve(formTask({ name: 'Store visit', inspection_id: null, percentage: null }));
    const drawer = await openTask('Opening standards');
    const section = within(drawer).getByRole('region', { name: 'Fill in the form' });
    expect(section).toHaveTextContent('This task is completed with the form “Store visit”');
    expect(within(drawer).queryByRole('button', { name: 'Mark as done' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: "Can't do" })).toBeInTheDocument();
    expect((await axe.run(drawer)).violations).toEqual([]);

    await userEvent.click(within(drawer).getByRole('button', { name: 'Fill in the form' }));
    expect(opened).toEqual([{ assignment_id: card().assignment_id }]);
    // The runner, with its way back to My Tasks.
    expect(await screen.findByRole('radiogroup', { name: /Is the entrance clean\?/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Tasks' })).toHaveAttribute('href', '/task');
  });

  it('says how far a started form has got and offers to continue it', async () => {
    serve(formTask({ name: 'Store visit', inspection_id: 77, percentage: 50 }));
    const drawer = await openTask('Opening standards');
    expect(within(drawer).getByText('Started: 50% so far.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Continue the form' })).toBeEnabled();
  });
});
