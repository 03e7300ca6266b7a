import tinycolor from 'tinycolor2';
import type { ThemeSetting } from '../../contract/api/session';
import {
  THEME_DARKEN_STEP,
  THEME_KEYS,
  THEME_LIGHT_ALPHA_SUFFIX,
  THEME_LIGHTEN_STEPS,
  type ThemeKey,
} from '../../contract/constants';

/** The tenant's ten theme values of spec §3 (ids 1–10), each falling back to its default. */
export type ThemeValues = Record<ThemeKey, string>;

export const DEFAULT_THEME_VALUES: ThemeValues = Object.fromEntries(
  THEME_KEYS.map((k) => [k.key, k.default]),
) as ThemeValues;

export function themeValues(settings: readonly ThemeSetting[] | undefined): ThemeValues {
  const values = { ...DEFAULT_THEME_VALUES };
  for (const key of THEME_KEYS) {
    const setting = settings?.find((s) => s.id === key.id);
    const value = setting?.value?.trim() || setting?.default?.trim() || key.default;
    // A broken colour must not break the whole page: keep the product default instead.
    values[key.key] = key.key === 'logo' || tinycolor(value).isValid() ? value : key.default;
  }
  return values;
}

type LightenStep = (typeof THEME_LIGHTEN_STEPS)[number];

export interface Shades {
  base: string;
  lighten: Record<LightenStep, string>;
  darken: string;
}

/** Spec §9: lighter shades at 30/50/70/80/90 % and one darker shade at 20 %. */
export function shadesOf(colour: string): Shades {
  const base = tinycolor(colour);
  const lighten = {} as Record<LightenStep, string>;
  for (const step of THEME_LIGHTEN_STEPS) lighten[step] = base.clone().lighten(step).toHexString();
  return { base: base.toHexString(), lighten, darken: base.clone().darken(THEME_DARKEN_STEP).toHexString() };
}

/** Spec §9: the light variant of a background is the colour with the alpha suffix `cc` (80 % opaque). */
export function lightBackground(colour: string): string {
  return `${tinycolor(colour).toHexString()}${THEME_LIGHT_ALPHA_SUFFIX}`;
}

/** A colour a person would take for "error" red: a saturated hue near MUI's error colour. */
export function isRedLike(colour: string): boolean {
  const { h, s, l } = tinycolor(colour).toHsl();
  return (h <= 20 || h >= 340) && s >= 0.4 && l >= 0.2 && l <= 0.7;
}

/** Fields whose focus would look like an error take this instead (a neutral blue-grey). */
export const NEUTRAL_FOCUS = '#37474f';

/**
 * The colour of a focused field: the primary colour, unless the primary is red-like, when a
 * focused field would look like one in error; then the secondary, or a neutral if that is red too.
 */
export function focusColour(values: Pick<ThemeValues, 'primary' | 'secondary'>): string {
  if (!isRedLike(values.primary)) return tinycolor(values.primary).toHexString();
  if (!isRedLike(values.secondary)) return tinycolor(values.secondary).toHexString();
  return NEUTRAL_FOCUS;
}

const COLOUR_KEYS = THEME_KEYS.map((k) => k.key).filter((k): k is Exclude<ThemeKey, 'logo'> => k !== 'logo');

function cssName(key: string): string {
  return `--sl-${key.replaceAll('_', '-')}`;
}

/**
 * CSS custom properties for every colour and its shades, so plain CSS and later screens can use
 * `var(--sl-primary-lighten-50)` without importing the theme: --sl-<key>, --sl-<key>-lighten-<n>,
 * --sl-<key>-darken-20 and, for the three backgrounds, --sl-<key>-light (alpha `cc`).
 */
export function themeCssVariables(values: ThemeValues): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const key of COLOUR_KEYS) {
    const shades = shadesOf(values[key]);
    const name = cssName(key);
    vars[name] = shades.base;
    for (const step of THEME_LIGHTEN_STEPS) vars[`${name}-lighten-${step}`] = shades.lighten[step];
    vars[`${name}-darken-${THEME_DARKEN_STEP}`] = shades.darken;
    if (key.startsWith('bg_')) vars[`${name}-light`] = lightBackground(values[key]);
  }
  return vars;
}
