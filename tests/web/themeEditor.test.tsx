import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ThemeSetting, VerifyData } from '../../contract/api/session';
import type { SettingData } from '../../contract/api/settings';
import { THEME_KEYS } from '../../contract/constants';
import { contrastChecks, contrastRatio } from '../../src/customRoutes/settings/contrast';
import { DEFAULT_THEME_VALUES } from '../../src/session/theme';
import { adminVerify, permissionsOf, resetBrowserState } from './fixtures';
import { server } from './msw';
import { renderApp, renderRoute, setViewportWidth } from './renderApp';

const ACME_THEME: ThemeSetting[] = THEME_KEYS.map((k) => ({
  id: k.id,
  key: k.key,
  value: k.key === 'primary' ? '#c62828' : k.default,
  default: k.default,
}));

const settingsData: SettingData = {
  terms: { workspace: 'Store' },
  modules: [{ id: 'theme', label: 'Theme', enabled: true, editable: true }],
  week_starting_day: 1,
  max_active_workspace: 50,
  active_workspaces: 12,
};

const owner = (theme: ThemeSetting[] = ACME_THEME): VerifyData => adminVerify({ theme });

function row(key: string) {
  return within(screen.getByTestId(`colour-${key}`));
}

function serve(theme = ACME_THEME) {
  server.use(
    http.get('*/api/setting/get', () => HttpResponse.json({ status: 200, data: settingsData })),
    http.get('*/api/theme/list', () => HttpResponse.json({ status: 200, data: { data: theme } })),
  );
}

/** The settings page on its own, as the tenant's administrator: the editor is what these tests are about. */
async function openEditor(theme = ACME_THEME) {
  serve(theme);
  renderRoute('/settings', owner(theme));
  return screen.findByTestId('colour-primary');
}

async function typeColour(key: string, label: string, value: string) {
  const input = row(key).getByRole('textbox', { name: label });
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('contrast helpers', () => {
  it('computes WCAG ratios and flags text below AA (4.5:1)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    const defaults = contrastChecks(DEFAULT_THEME_VALUES);
    expect(defaults.every((c) => c.passes)).toBe(true);
    const grey = contrastChecks({ ...DEFAULT_THEME_VALUES, text_bg_primary: '#8a7cc0' });
    expect(grey.find((c) => c.text === 'text_bg_primary')).toMatchObject({ passes: false });
    expect(grey.filter((c) => !c.passes)).toHaveLength(1);
  });
});

describe('theme editor', () => {
  beforeEach(() => {
    resetBrowserState();
    setViewportWidth(1280);
  });

  it('shows each colour with its shades: lighter 30/50/70/80/90 %, darker 20 %, and cc for backgrounds', async () => {
    await openEditor();
    const primary = row('primary');
    expect(primary.getByRole('textbox', { name: 'Primary' })).toHaveValue('#c62828');
    expect(within(screen.getByTestId('colour-primary')).getAllByRole('img')).toHaveLength(6);
    expect(within(screen.getByTestId('colour-bg_primary')).getAllByRole('img')).toHaveLength(7);

    await typeColour('primary', 'Primary', '#000000');
    // The preview follows as the value changes, before anything is saved.
    expect(
      within(screen.getByTestId('colour-primary')).getByRole('img', { name: /^Lighter 30 %: / }),
    ).toHaveAttribute('data-colour', '#4d4d4d');
    for (const [step, hex] of [
      [50, '#808080'],
      [70, '#b3b3b3'],
      [80, '#cccccc'],
      [90, '#e6e6e6'],
    ] as const) {
      expect(
        within(screen.getByTestId('colour-primary')).getByRole('img', { name: `Lighter ${step} %: ${hex}` }),
      ).toBeVisible();
    }
    expect(
      within(screen.getByTestId('colour-primary')).getByRole('img', { name: 'Darker 20 %: #000000' }),
    ).toBeVisible();
    expect(
      within(screen.getByTestId('colour-bg_primary')).getByRole('img', {
        name: `Light background (alpha cc): ${DEFAULT_THEME_VALUES.bg_primary}cc`,
      }),
    ).toBeVisible();
  });

  it('warns when text on a background falls below WCAG AA, and clears when fixed', async () => {
    await openEditor();
    expect(await screen.findByTestId('contrast-ok')).toHaveTextContent('4.5:1');
    await typeColour('text_bg_primary', 'Header text', '#7a62c4');
    const warnings = await screen.findByTestId('contrast-warnings');
    expect(warnings).toHaveTextContent(
      /Header text on the header background: contrast 1\.\d\d:1 is below the 4\.5:1/,
    );
    await typeColour('text_bg_primary', 'Header text', '#ffffff');
    expect(await screen.findByTestId('contrast-ok')).toBeInTheDocument();
  });

  it('says which brand colour is too light for text and which shade text and borders use instead', async () => {
    await openEditor();
    await typeColour('tertiary', 'Tertiary', '#f9a825');
    expect(await screen.findByTestId('accent-shades')).toHaveTextContent(
      /Tertiary #f9a825 reads at 1\.\d\d:1 on panels, below the 4\.5:1 text needs: text, links and borders in it use #[0-9a-f]{6} \([4-9]\.\d\d:1\) instead/,
    );
  });

  it('refuses a colour that is not hex and keeps Save off', async () => {
    await openEditor();
    await typeColour('secondary', 'Secondary', 'teal');
    expect(row('secondary').getByText('A hex colour such as #6b4fbb')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeDisabled();
  });

  it('resets one setting to its default', async () => {
    await openEditor();
    const reset = row('primary').getByRole('button', { name: 'Reset Primary to its default' });
    await userEvent.click(reset);
    expect(row('primary').getByRole('textbox', { name: 'Primary' })).toHaveValue(
      DEFAULT_THEME_VALUES.primary,
    );
    expect(reset).toBeDisabled();
    expect(row('secondary').getByRole('button', { name: 'Reset Secondary to its default' })).toBeDisabled();
  });

  it('saves all ten settings and the running app takes the new colours without a reload', async () => {
    // The whole app: what is checked is that the running shell takes the colours.
    serve();
    renderApp('/settings', owner());
    await screen.findByTestId('colour-primary');
    let sent: { id: number; key: string; value: string }[] = [];
    let current = ACME_THEME;
    let verifies = 0;
    server.use(
      http.post('*/api/theme/update', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        current = ACME_THEME.map((s) => ({ ...s, value: sent.find((x) => x.id === s.id)!.value }));
        return HttpResponse.json({ status: 200, data: { data: current } });
      }),
      http.get('*/api/user/verify', () => {
        verifies++;
        return HttpResponse.json({ status: 200, data: owner(current) });
      }),
    );
    await typeColour('primary', 'Primary', '#123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Theme saved')).toBeVisible();
    expect(sent.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sent[1]).toEqual({ id: 2, key: 'primary', value: '#123456' });
    await waitFor(() => expect(verifies).toBeGreaterThan(0));
    await waitFor(() =>
      expect(getComputedStyle(document.documentElement).getPropertyValue('--sl-primary').trim()).toBe(
        '#123456',
      ),
    );
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeDisabled();
  });

  it("says 'Failed to save theme' when the save fails without a message", async () => {
    await openEditor();
    server.use(http.post('*/api/theme/update', () => new HttpResponse(null, { status: 500 })));
    await typeColour('primary', 'Primary', '#123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Failed to save theme')).toBeVisible();
  });

  it("says 'Failed to fetch theme' when the theme cannot be read", async () => {
    server.use(
      http.get('*/api/setting/get', () => HttpResponse.json({ status: 200, data: settingsData })),
      http.get('*/api/theme/list', () => new HttpResponse(null, { status: 502 })),
    );
    renderRoute('/settings', owner());
    expect(await screen.findByText('Failed to fetch theme')).toBeVisible();
  });

  it('uploads a logo and previews it; refuses files over 2 MB before sending them', async () => {
    await openEditor();
    let uploads = 0;
    server.use(
      http.post('*/api/theme/logo/upload', () => {
        uploads++;
        return HttpResponse.json({
          status: 200,
          data: { url: '/api/theme/logo/2/abc.png', mime: 'image/png', size: 3 },
        });
      }),
    );
    const input = screen.getByTestId('logo-input');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The logo is larger than 2 MB; choose a smaller file')).toBeVisible();
    expect(uploads).toBe(0);

    const small = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [small] } });
    expect(await screen.findByRole('img', { name: 'Logo of Acme Retail' })).toHaveAttribute(
      'src',
      '/api/theme/logo/2/abc.png',
    );
    expect(uploads).toBe(1);
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeEnabled();
  });

  it('is read-only without theme.update', async () => {
    const modules = permissionsOf('Administrator').map((m) =>
      m.id === 'theme' ? { ...m, capabilities: ['read' as const] } : m,
    );
    serve();
    renderRoute('/settings', { ...owner(), modules });
    await screen.findByTestId('colour-primary');
    expect(row('primary').getByRole('textbox', { name: 'Primary' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save theme' })).toBeNull();
  });
});
