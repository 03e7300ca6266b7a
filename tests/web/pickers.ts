import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VerifyData } from '../../contract/api/session';

/*
 * The date and time fields (MUI X pickers) as a person meets them: a group named by its label
 * holding one spin button per part (day, month, year; hours, minutes, AM/PM), typed into in the
 * order the field shows them.
 */

/** The profile's time zone, which sets the session's locale and date pattern (spec §3, §9). */
export function profileZone(zone: string): Pick<VerifyData, 'profile_data'> {
  return { profile_data: [{ id: 1, field_id: 1, short_name: 'timezone', value: zone }] };
}

/** The date or time field with this label. */
export function pickerField(name: string | RegExp, container: HTMLElement = document.body): HTMLElement {
  return within(container).getByRole('group', { name });
}

/** What the field shows, as a person reads it ("26/11/2026", "5:30 PM"). */
export function shown(field: HTMLElement): string {
  return within(field)
    .getAllByRole('spinbutton')
    .map((section) => {
      const wrapper = section.parentElement;
      return wrapper ? wrapper.textContent : section.textContent;
    })
    .join('')
    .trim();
}

/** The names of the field's parts in the order it shows them ("Day", "Month", "Year"). */
export function parts(field: HTMLElement): string[] {
  return within(field)
    .getAllByRole('spinbutton')
    .map((section) => section.getAttribute('aria-label') ?? '');
}

/** Types into the field from its first part, as a person does after clicking it. */
export async function typeInto(field: HTMLElement, keys: string): Promise<void> {
  await userEvent.click(within(field).getAllByRole('spinbutton')[0]!);
  await userEvent.keyboard(keys);
}

/** Empties the field as a person does: select every part, then delete. */
export async function clearField(field: HTMLElement): Promise<void> {
  await userEvent.click(within(field).getAllByRole('spinbutton')[0]!);
  await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
}
