import type { ThemeKey } from '../../../contract/constants';
import { contrastRatio, WCAG_AA_TEXT } from '../../providers/contrast';
import type { ThemeValues } from '../../session/theme';

export { contrastRatio, WCAG_AA_TEXT };

type ColourKey = Exclude<ThemeKey, 'logo'>;

/**
 * Where the app draws one theme colour as text on another (see providers/muiTheme.ts). The accent
 * colours (primary, secondary, tertiary) are not here: where they fail, the theme uses a readable
 * shade of them instead (providers/contrast.ts accentShades), and the editor says which.
 */
const CONTRAST_PAIRS: readonly { text: ColourKey; background: ColourKey; label: string }[] = [
  { text: 'text_bg_primary', background: 'bg_primary', label: 'theme.pairs.header' },
  { text: 'text_bg_secondary', background: 'bg_secondary', label: 'theme.pairs.page' },
  { text: 'text_bg_tertiary', background: 'bg_tertiary', label: 'theme.pairs.panel' },
];

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
