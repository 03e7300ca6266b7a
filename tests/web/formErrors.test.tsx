import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { permissionsOf, resetBrowserState, verifyData } from './fixtures';
import { renderRoute, setViewportWidth } from './renderApp';

const admin = () => verifyData({ modules: permissionsOf('Administrator') });

/*
 * Issue 27: a form's errors reach a screen-reader user. The field says it is invalid and its
 * description is the error (aria-invalid, aria-describedby), and submitting a form with errors
 * says so in an alert, which screen readers announce without moving focus.
 */
describe('form errors are announced', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
  });

  it('marks the empty required field invalid, describes it by the error, and alerts on save', async () => {
    renderRoute('/admin/department/create', admin());
    const name = await screen.findByRole('textbox', { name: /Name/ });
    // Save waits for a change; the name stays empty.
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'Fresh food');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(/required/i);
    expect(await screen.findByRole('alert')).toHaveTextContent(/not valid|check/i);
  });
});
