// @vitest-environment node
// A queued completion refused while the phone was away says why in the person's words (issue 30):
// every code the server gives a 409 has its message, and other refusals fall back by status.
import { describe, expect, it } from 'vitest';
import { COMPLETION_CONFLICTS } from '../../contract/api/mytasks';
import { appMessages as en } from '../../src/i18n/en';
import { problemText } from '../../src/offline/problemText';

const offline: Record<string, string> = en.offline;

describe('problemText', () => {
  it.each(COMPLETION_CONFLICTS)('has an English message for the 409 code %s', (code) => {
    const { key } = problemText({ status: 409, code, message: 'server words' });
    expect(key).toBe(`offline.conflict_${code}`);
    expect(offline[key.slice('offline.'.length)]).toBeTruthy();
  });

  it('falls back by status, keeping the server’s words where it has no code', () => {
    expect(problemText({ status: 404, message: 'Task not found' }).key).toBe('offline.conflict_not_found');
    expect(problemText({ status: 403, message: 'x' }).key).toBe('offline.conflict_forbidden');
    expect(problemText({ status: 400, message: 'Add 1 photo' })).toEqual({
      key: 'offline.conflict_invalid',
      options: { message: 'Add 1 photo' },
    });
    expect(problemText({ status: 409, code: 'unknown', message: 'Odd' })).toEqual({
      key: 'offline.conflict_other',
      options: { message: 'Odd' },
    });
  });
});
