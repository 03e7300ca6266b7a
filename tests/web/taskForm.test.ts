// @vitest-environment node
// The task form's mapping to and from the API body: pure, so no DOM.
import { describe, expect, it } from 'vitest';
import type { Task } from '../../contract/api/tasks';
import {
  emptyTaskValues,
  formErrors,
  previewable,
  type TaskFormValues,
  taskBody,
  taskToValues,
} from '../../src/resources/tasks/taskForm';

const filled = (overrides: Partial<TaskFormValues> = {}): TaskFormValues => ({
  ...emptyTaskValues('2026-11-23'),
  title: '  Recall: oat milk  ',
  type_id: 1,
  targets: { include: [4], exclude: [7] },
  evidence: { comment: true, photos: 1, files: 0 },
  checklist: [{ text: ' Clear the shelf ' }, { text: 'Photograph it' }],
  ...overrides,
});

describe('task form → API body', () => {
  it('sends a one-off task as the API takes it: trimmed title, no recurrence, step texts, hashes', () => {
    const body = taskBody(
      filled({
        attachments: [{ hash: 'a'.repeat(64), name: 'notice.pdf', size: 10, mime: 'application/pdf' }],
      }),
    );
    expect(body).toMatchObject({
      title: 'Recall: oat milk',
      type_id: 1,
      department_id: null,
      estimated_minutes: null,
      start_date: '2026-11-23',
      start_time: '09:00',
      due_date: '2026-11-23',
      due_time: '17:00',
      expiry: null,
      recurrence: null,
      targets: { include: [4], exclude: [7] },
      evidence: { comment: true, photos: 1, files: 0 },
      checklist: ['Clear the shelf', 'Photograph it'],
      attachments: ['a'.repeat(64)],
    });
  });

  it('sends the repeat and its end only as chosen, and the expiry by its mode', () => {
    const weekly = filled({
      repeat: {
        freq: 'weekly',
        interval: 2,
        weekdays: [4, 1],
        month_day: 23,
        ends: 'until',
        until: '2027-03-31',
        count: 5,
      },
      expiry_mode: 'end_of_day',
    });
    expect(taskBody(weekly).recurrence).toEqual({
      freq: 'weekly',
      interval: 2,
      weekdays: [1, 4],
      until: '2027-03-31',
    });
    expect(taskBody(weekly).expiry).toBe('end_of_day');
    const monthly = filled({
      repeat: {
        freq: 'monthly',
        interval: 1,
        weekdays: [1],
        month_day: -1,
        ends: 'count',
        until: '',
        count: 6,
      },
      expiry_mode: 'at_time',
      expiry_time: '20:00',
    });
    expect(taskBody(monthly).recurrence).toEqual({ freq: 'monthly', interval: 1, month_day: -1, count: 6 });
    expect(taskBody(monthly).expiry).toBe('20:00');
  });

  it('asks for a preview only once there is somewhere to send it and a valid schedule', () => {
    expect(previewable(filled())).toBe(true);
    expect(previewable(filled({ targets: { include: [], exclude: [] } }))).toBe(false);
    expect(previewable(filled({ due_time: '' }))).toBe(false);
    expect(previewable(filled({ type_id: null }))).toBe(false);
  });

  it('puts the server’s field errors under the inputs that show them', () => {
    const weekly = filled({ repeat: { ...filled().repeat, freq: 'weekly' }, expiry_mode: 'at_time' });
    expect(
      formErrors(
        {
          title: 'Give the task a title',
          'recurrence.weekdays': 'Choose at least one day',
          expiry: 'Expiry must be after the due time',
          'checklist.1': 'A step cannot be empty',
          'targets.include.0': 'Sydney Metro is outside your part of the organisation',
        },
        weekly,
      ),
    ).toEqual({
      title: 'Give the task a title',
      'repeat.weekdays': 'Choose at least one day',
      expiry_time: 'Expiry must be after the due time',
      'checklist.1.text': 'A step cannot be empty',
      'targets.include': 'Sydney Metro is outside your part of the organisation',
    });
  });

  it('a duplicate starts from the saved task with the copy title, and round-trips to the same body', () => {
    const saved = {
      ...taskBody(filled({ repeat: { ...filled().repeat, freq: 'daily', interval: 1 } })),
      id: 9,
      status: 'published',
      attachment_files: [],
    } as unknown as Task;
    const copy = taskToValues(saved, (t) => `${t} (copy)`);
    expect(copy.title).toBe('Recall: oat milk (copy)');
    expect(taskBody(taskToValues(saved))).toEqual({
      ...taskBody(filled({ repeat: { ...filled().repeat, freq: 'daily', interval: 1 } })),
    });
  });
});
