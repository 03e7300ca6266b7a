import tinycolor from 'tinycolor2';
import type { ThemeKey } from '../../../contract/constants';
import type { ThemeValues } from '../../providers/theme';

/** WCAG 2 level AA: body text needs a contrast ratio of at least 4.5:1 against its background. */
export const WCAG_AA_TEXT = 4.5;

type ColourKey = Exclude<ThemeKey, 'logo'>;

/** Where the app draws one theme colour as text on another (see providers/muiTheme.ts). */
const CONTRAST_PAIRS: readonly { text: ColourKey; background: ColourKey; label: string }[] = [
  { text: 'text_bg_primary', background: 'bg_primary', label: 'theme.pairs.header' },
  { text: 'text_bg_secondary', background: 'bg_secondary', label: 'theme.pairs.page' },
  { text: 'text_bg_tertiary', background: 'bg_tertiary', label: 'theme.pairs.panel' },
  { text: 'primary', background: 'bg_tertiary', label: 'theme.pairs.active_item' },
];

/** The WCAG contrast ratio of two colours, from 1 (none) to 21 (black on white), to two decimals. */
export function contrastRatio(foreground: string, background: string): number {
  return Math.round(tinycolor.readability(foreground, background) * 100) / 100;
}

export interface ContrastCheck {
  text: ColourKey;
  background: ColourKey;
  label: string;
  ratio: number;
  passes: boolean;
}

export function contrastChecks(values: ThemeValues): ContrastCheck[] {
  return CONTRAST_PAIRS.map((pair) => {
    const ratio = contrastRatio(values[pair.text], values[pair.background]);
    return { ...pair, ratio, passes: ratio >= WCAG_AA_TEXT };
  });
}
