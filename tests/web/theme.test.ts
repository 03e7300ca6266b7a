// @vitest-environment node
// Pure logic: no DOM needed, so no jsdom to build for this file.
import { describe, expect, it } from 'vitest';
import { THEME_KEYS } from '../../contract/constants';
import { buildMuiTheme } from '../../src/providers/muiTheme';
import { lightBackground, shadesOf, themeCssVariables, themeValues } from '../../src/session/theme';

describe('theme', () => {
  it('lightens by 30/50/70/80/90 % and darkens by 20 % (spec §9)', () => {
    // From black each step adds its percentage points of lightness; from white darkening removes 20.
    const shades = shadesOf('#000');
    expect(shades.base).toBe('#000000');
    expect(shades.lighten).toEqual({
      30: '#4d4d4d',
      50: '#808080',
      70: '#b3b3b3',
      80: '#cccccc',
      90: '#e6e6e6',
    });
    expect(shadesOf('#ffffff').darken).toBe('#cccccc');
    expect(Object.keys(shades.lighten)).toEqual(['30', '50', '70', '80', '90']);
  });

  it('makes the light variant of a background by adding the alpha suffix cc', () => {
    expect(lightBackground('#B71C1C')).toBe('#b71c1ccc');
  });

  it('reads theme settings by id and falls back to defaults for empty or broken values', () => {
    const values = themeValues([
      { id: 1, key: 'logo', value: '/logo.png', default: '' },
      { id: 2, key: 'primary', value: '#c62828', default: '#6b4fbb' },
      { id: 3, key: 'secondary', value: '', default: '#2f9e8f' },
      { id: 5, key: 'bg_primary', value: 'not-a-colour', default: '#6b4fbb' },
    ]);
    expect(values.logo).toBe('/logo.png');
    expect(values.primary).toBe('#c62828');
    expect(values.secondary).toBe('#2f9e8f');
    expect(values.bg_primary).toBe('#6b4fbb');
    expect(values.text_bg_tertiary).toBe(THEME_KEYS.find((k) => k.key === 'text_bg_tertiary')!.default);
  });

  it('publishes every colour and shade as CSS variables, with a light variant for backgrounds', () => {
    const vars = themeCssVariables(
      themeValues([{ id: 5, key: 'bg_primary', value: '#b71c1c', default: '' }]),
    );
    expect(vars['--sl-primary']).toBe('#6b4fbb');
    expect(vars['--sl-primary-lighten-30']).toBeDefined();
    expect(vars['--sl-primary-lighten-90']).toBeDefined();
    expect(vars['--sl-primary-darken-20']).toBeDefined();
    expect(vars['--sl-bg-primary-light']).toBe('#b71c1ccc');
    expect(vars['--sl-primary-light']).toBeUndefined();
    expect(Object.keys(vars).some((k) => k.includes('logo'))).toBe(false);
  });

  it('turns tenant colours into the MUI palette and puts the mobile breakpoint at 768 px', () => {
    const theme = buildMuiTheme(themeValues([{ id: 2, key: 'primary', value: '#c62828', default: '' }]));
    expect(theme.palette?.primary).toMatchObject({ main: '#c62828', dark: shadesOf('#c62828').darken });
    expect(theme.breakpoints?.values?.sm).toBe(768);
  });
});
