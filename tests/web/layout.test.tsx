import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMuiTheme } from '../../src/providers/muiTheme';
import { focusColour, isRedLike, NEUTRAL_FOCUS, themeValues } from '../../src/session/theme';
import { adminVerify, resetBrowserState, userRecord } from './fixtures';
import { server } from './msw';
import { renderApp, setViewportWidth } from './renderApp';

const olivia = userRecord({
  assigns: [
    {
      id: 1,
      node_id: 5,
      node_name: 'Melbourne Central',
      node_type: 'workspace',
      role_id: 5,
      role_name: 'Team Member',
      in_scope: true,
    },
  ],
});

/** The users list in the whole app, as Acme's administrator. */
const openUsers = () => renderApp('/admin/user', adminVerify());

describe('layout', () => {
  beforeEach(() => {
    resetBrowserState();
    server.use(
      http.get('*/api/user/list', () =>
        HttpResponse.json({ status: 200, data: { data: [olivia], total: 1, page: 1, per_page: 25 } }),
      ),
    );
  });

  it('shows the page title in the app bar on a phone', async () => {
    setViewportWidth(390);
    openUsers();
    await waitFor(() => expect(document.querySelector('.sl-mobile')).not.toBeNull());
    // Pages render their <Title> into react-admin's title slot in the app bar.
    await waitFor(() => expect(document.getElementById('react-admin-title')).toHaveTextContent('Users'));
    const title = document.getElementById('react-admin-title')!;
    expect(title).toBeVisible();
  });

  it('keeps the status and actions of each user in view between 768 and 1023 px', async () => {
    setViewportWidth(900);
    openUsers();
    const row = (await screen.findByText('Olivia Smith')).closest('tr')!;
    // The e-mail and status move under the name instead of taking columns of their own.
    expect(within(row).getByText('olivia@acme.test')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(await within(row).findByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'E-mail' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Status' })).toBeNull();
  });

  it('keeps every column on a wide screen', async () => {
    setViewportWidth(1280);
    openUsers();
    await screen.findByText('Olivia Smith');
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Status/ })).toBeInTheDocument();
  });

  it('paints the side menu’s fixed part, which stays on screen down a long page', async () => {
    setViewportWidth(1280);
    openUsers();
    await screen.findByTestId('main-menu');
    const fixed = document.querySelector('.RaSidebar-fixed')!;
    expect(getComputedStyle(fixed).backgroundColor).toBe('rgb(255, 255, 255)');
  });
});

describe('focus colour', () => {
  const acme = themeValues([
    { id: 2, key: 'primary', value: '#c62828', default: '#6b4fbb' },
    { id: 3, key: 'secondary', value: '#283593', default: '#2f9e8f' },
  ]);

  it('is not the error red when the primary colour is red-like', () => {
    expect(isRedLike('#c62828')).toBe(true);
    expect(isRedLike('#d32f2f')).toBe(true);
    expect(isRedLike('#6b4fbb')).toBe(false);
    expect(focusColour(acme)).toBe('#283593');
    expect(focusColour({ primary: '#c62828', secondary: '#b71c1c' })).toBe(NEUTRAL_FOCUS);
    expect(focusColour({ primary: '#6b4fbb', secondary: '#c62828' })).toBe('#6b4fbb');
  });

  it('colours focused fields, outline and label, with it', () => {
    const theme = buildMuiTheme(acme);
    const outlined = JSON.stringify(theme.components?.MuiOutlinedInput?.styleOverrides);
    const label = JSON.stringify(theme.components?.MuiInputLabel?.styleOverrides);
    expect(outlined).toContain('#283593');
    expect(outlined).toContain(':not(.Mui-error)');
    expect(label).toContain('#283593');
  });
});
