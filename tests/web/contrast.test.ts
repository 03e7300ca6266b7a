// @vitest-environment node
// Pure logic: no DOM needed.
import { describe, expect, it } from 'vitest';
import { accentShades, contrastRatio, readableShade } from '../../src/providers/contrast';
import { buildMuiTheme } from '../../src/providers/muiTheme';
import { DEFAULT_THEME_VALUES } from '../../src/session/theme';

describe('readable tenant colours', () => {
  it('keeps a colour that reads and darkens one that does not, no further than needed', () => {
    expect(readableShade('#1f1a2e', ['#ffffff'])).toBe('#1f1a2e');
    const amber = readableShade('#f9a825', ['#ffffff']);
    expect(contrastRatio(amber, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // One step lighter would not do: the shade is the nearest that reads.
    expect(contrastRatio(amber, '#ffffff')).toBeLessThan(5.2);
  });

  it('lightens on dark backgrounds, and asks only 3:1 of borders', () => {
    const onNavy = readableShade('#3949ab', ['#101828']);
    expect(contrastRatio(onNavy, '#101828')).toBeGreaterThanOrEqual(4.5);
    const border = readableShade('#2f9e8f', ['#ffffff'], 3);
    expect(border).toBe('#2f9e8f');
  });

  it('says which brand colours are replaced for text and by what', () => {
    const shades = accentShades({ ...DEFAULT_THEME_VALUES, tertiary: '#f9a825' });
    const tertiary = shades.find((s) => s.key === 'tertiary');
    expect(tertiary).toMatchObject({ colour: '#f9a825', adjusted: true });
    expect(tertiary?.ratio).toBeLessThan(2);
    expect(tertiary?.usedRatio).toBeGreaterThanOrEqual(4.5);
  });

  it('gives MUI a main colour for each accent that reads on panels and the page', () => {
    const values = { ...DEFAULT_THEME_VALUES, primary: '#80deea', secondary: '#2f9e8f', tertiary: '#f9a825' };
    const palette = buildMuiTheme(values).palette as Record<string, { main: string }>;
    for (const key of ['primary', 'secondary', 'warning']) {
      const main = palette[key]?.main ?? '';
      expect(contrastRatio(main, values.bg_tertiary)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(main, values.bg_secondary)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
