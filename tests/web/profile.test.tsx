import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSessionUser } from '../../src/session/sessionStore';
import { resetBrowserState, signedIn, staffProfile, verifyData, verifyHandler } from './fixtures';
import { server } from './msw';
import { parts, pickerField, profileZone, shown, typeInto } from './pickers';
import { renderApp, renderRoute, setViewportWidth } from './renderApp';

const PROFILE = staffProfile({
  fields: [
    { id: 1, name: 'Time zone', short_name: 'timezone', type: 'timezone', options: [], required: false },
    {
      id: 2,
      name: 'Shirt size',
      short_name: 'shirt_size',
      type: 'select',
      options: ['S', 'M'],
      required: true,
    },
  ],
});

let sent: Record<string, unknown> | undefined;

function handlers() {
  sent = undefined;
  server.use(
    verifyHandler(verifyData()),
    http.get('*/api/profile/get', () => HttpResponse.json({ status: 200, data: PROFILE })),
    http.put('*/api/profile/update', async ({ request }) => {
      sent = (await request.json()) as Record<string, unknown>;
      if ('password' in sent)
        return HttpResponse.json(
          {
            status: 400,
            message: 'Your current password is not correct',
            errors: { current_password: 'Your current password is not correct' },
          },
          { status: 400 },
        );
      const data = sent.profile_data as { field_id: number; value: string }[];
      return HttpResponse.json({
        status: 200,
        data: {
          ...PROFILE,
          password_changed: false,
          preferred_name: sent.preferred_name,
          profile_data: data
            .filter((d) => d.value)
            .map((d) => ({
              id: d.field_id * 10,
              field_id: d.field_id,
              short_name: d.field_id === 1 ? 'timezone' : 'shirt_size',
              value: d.value,
            })),
        },
      });
    }),
  );
}

describe('/profile', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
    signedIn();
    handlers();
  });

  it('saves the profile and shows the new name in the app bar without a reload', async () => {
    renderApp('/profile');
    const details = await screen.findByTestId('profile-details');
    expect(within(details).getByLabelText('E-mail')).toHaveValue('staff@acme.test');
    await userEvent.type(within(details).getByLabelText(/Preferred name/), 'Sammy');
    await userEvent.click(within(details).getByRole('combobox', { name: /Shirt size/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'M' }));
    await userEvent.type(within(details).getByRole('combobox', { name: /Time zone/ }), 'Perth');
    await userEvent.click(await screen.findByRole('option', { name: 'Australia/Perth' }));
    await userEvent.click(within(details).getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(sent).toEqual({
      preferred_name: 'Sammy',
      avatar: null,
      profile_data: [
        { field_id: 1, value: 'Australia/Perth' },
        { field_id: 2, value: 'M' },
      ],
    });
    // The session follows: the name in the app bar, and the time zone from the profile.
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Sammy'));
    expect(getSessionUser()?.timezone.timezone).toBe('Australia/Perth');
  });

  it('takes a date field in the session’s pattern and saves it as YYYY-MM-DD', async () => {
    server.use(
      http.get('*/api/profile/get', () =>
        HttpResponse.json({
          status: 200,
          data: {
            ...PROFILE,
            fields: [
              ...PROFILE.fields,
              {
                id: 3,
                name: 'First day',
                short_name: 'first_day',
                type: 'date',
                options: [],
                required: false,
              },
            ],
            profile_data: [{ id: 20, field_id: 2, short_name: 'shirt_size', value: 'M' }],
          },
        }),
      ),
    );
    renderRoute('/profile', { ...verifyData(), ...profileZone('Europe/London') });
    const details = await screen.findByTestId('profile-details');
    const firstDay = pickerField('First day', details);
    expect(parts(firstDay)).toEqual(['Day', 'Month', 'Year']);
    await typeInto(firstDay, '01052024');
    expect(shown(firstDay)).toBe('01/05/2024');
    await userEvent.click(within(details).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.profile_data).toContainEqual({ field_id: 3, value: '2024-05-01' });
  });

  it('asks for required fields before saving', async () => {
    renderRoute('/profile', verifyData());
    const details = await screen.findByTestId('profile-details');
    await userEvent.click(within(details).getByRole('button', { name: 'Save profile' }));
    expect(await within(details).findByText('Required')).toBeInTheDocument();
    expect(sent).toBeUndefined();
  });

  it('changes the password with the current one and shows the server’s reason when it fails', async () => {
    renderRoute('/profile', verifyData());
    const card = await screen.findByTestId('password-card');
    await userEvent.type(within(card).getByLabelText('Current password'), 'wrong-one');
    await userEvent.type(within(card).getByLabelText('New password'), 'brand-new-1');
    await userEvent.type(within(card).getByLabelText('Confirm new password'), 'brand-new-1');
    await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    // The server's answer on screen means the request went out.
    expect(await within(card).findByText('Your current password is not correct')).toBeInTheDocument();
    expect(sent).toEqual({ password: 'brand-new-1', current_password: 'wrong-one' });
  });

  it('refuses mismatched new passwords without calling the server', async () => {
    renderRoute('/profile', verifyData());
    const card = await screen.findByTestId('password-card');
    await userEvent.type(within(card).getByLabelText('Current password'), 'storeline-demo');
    await userEvent.type(within(card).getByLabelText('New password'), 'brand-new-1');
    await userEvent.type(within(card).getByLabelText('Confirm new password'), 'brand-new-2');
    await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await within(card).findByText('The two passwords do not match')).toBeInTheDocument();
    expect(sent).toBeUndefined();
  });
});
