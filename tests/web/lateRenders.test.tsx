import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, type Navigator, Router } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { DateRangeFilter } from '../../src/components/DateRangeFilter';
import { PickerLocalization } from '../../src/components/PickerLocalization';
import { useSearchParamsEditor } from '../../src/hooks/useAddressParams';
import type { DateRange } from '../../src/providers/dateRanges';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { setSessionUser } from '../../src/session/sessionStore';
import { toSessionUser } from '../../src/session/sessionUser';
import { verifyData } from './fixtures';
import { pickerField, profileZone, shown, typeInto } from './pickers';

/*
 * A filter kept in the address renders each navigation later than the keystroke that made it:
 * React Router navigates in a transition, and on a busy page React renders those one after
 * another, while the person types on. What was typed must still be what the field shows, what it
 * reports last, and what the address holds (issue: a typed "To" came back as today's date).
 */

beforeEach(() => {
  setSessionUser(toSessionUser(verifyData(profileZone('Europe/London')), 'test-token'));
});

function withPickers(children: ReactNode) {
  return render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <PickerLocalization>{children}</PickerLocalization>
      </AdminContext>
    </MemoryRouter>,
  );
}

/**
 * The range filter under a page whose value lags: each report is kept (as the address keeps a
 * navigation) but drawn only when the next one comes, one behind, as a slow page draws them;
 * `settle` draws the rest.
 */
function lagging(initial: DateRange) {
  const sent: DateRange[] = [initial];
  let drawn = 0;
  let draw: (range: DateRange) => void = () => {};
  function Page() {
    const [range, setRange] = useState(initial);
    draw = setRange;
    return (
      <DateRangeFilter
        value={range}
        onChange={(change) => {
          sent.push({ ...sent.at(-1)!, ...change });
          if (drawn < sent.length - 2) setRange(sent[++drawn]!);
        }}
      />
    );
  }
  withPickers(<Page />);
  return {
    /** What the address holds: the last report. */
    address: () => sent.at(-1)!,
    settle: () =>
      act(() => {
        while (drawn < sent.length - 1) draw(sent[++drawn]!);
      }),
  };
}

describe('a date range typed while the page draws late', () => {
  it('keeps each date as typed, though earlier ones come back after it', async () => {
    const page = lagging({ from: '2026-10-29', to: '2026-11-27' });
    await typeInto(pickerField('From'), '21112026');
    await typeInto(pickerField('To'), '30112026');
    expect(shown(pickerField('From'))).toBe('21/11/2026');
    expect(shown(pickerField('To'))).toBe('30/11/2026');
    page.settle();
    expect(page.address()).toEqual({ from: '2026-11-21', to: '2026-11-30' });
    expect(shown(pickerField('From'))).toBe('21/11/2026');
    expect(shown(pickerField('To'))).toBe('30/11/2026');
  });

  it('reports a date typed back to the one the page still shows', async () => {
    const page = lagging({ from: '2026-10-29', to: '2026-11-27' });
    // "2" makes 02/11/2026, which is sent; "7" makes 27/11/2026 again, which must be sent too
    // though the page has not drawn the 2nd yet.
    await typeInto(pickerField('To'), '27112026');
    page.settle();
    expect(page.address().to).toBe('2026-11-27');
    expect(shown(pickerField('To'))).toBe('27/11/2026');
  });

  it('still takes a date the page sets itself', async () => {
    const page = lagging({ from: '2026-10-29', to: '2026-11-27' });
    await typeInto(pickerField('To'), '30112026');
    page.settle();
    await userEvent.click(screen.getByRole('combobox', { name: 'Dates' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Today' }));
    page.settle();
    expect(shown(pickerField('To'))).not.toBe('30/11/2026');
    expect(shown(pickerField('To'))).toBe(shown(pickerField('From')));
  });
});

describe('the address as state, drawn late', () => {
  /** A router whose location is drawn only when the test says, as a busy page does. */
  function lateRouter() {
    const pushed: string[] = [];
    const navigator: Navigator = {
      createHref: (to) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`),
      go: () => {},
      push: (to) => pushed.push(typeof to === 'string' ? to : (to.search ?? '')),
      replace: (to) => pushed.push(typeof to === 'string' ? to : (to.search ?? '')),
    };
    let editor!: ReturnType<typeof useSearchParamsEditor>;
    function Probe() {
      editor = useSearchParamsEditor();
      return null;
    }
    const at = (search: string) => (
      <Router location={{ pathname: '/report/overall', search }} navigator={navigator}>
        <Probe />
      </Router>
    );
    const view = render(at(''));
    return {
      pushed,
      edit: (key: string, value: string) => act(() => editor[1]((next) => next.set(key, value))),
      latest: () => editor[2]().toString(),
      draw: (search: string) => view.rerender(at(search)),
    };
  }

  it('starts each edit from the last one sent, though the page drew an older one meanwhile', () => {
    const router = lateRouter();
    router.edit('from', '2026-11-21');
    router.edit('to', '2026-11-03');
    router.edit('to', '2026-11-30');
    // The first navigation is drawn; the two after it are not yet.
    router.draw('?from=2026-11-21');
    router.edit('node', '5');
    expect(router.pushed.at(-1)).toMatch(/from=2026-11-21&to=2026-11-30&node=5$/);
    // What a click acts on (the report's download) is the address, not the older drawing.
    expect(router.latest()).toBe('from=2026-11-21&to=2026-11-30&node=5');
    // Drawn up to date, then moved elsewhere (a link): edits start from there.
    router.draw('?from=2026-11-21&to=2026-11-30&node=5');
    router.draw('?type=2');
    expect(router.latest()).toBe('type=2');
  });
});
