import tinycolor from 'tinycolor2';
import type { ThemeValues } from '../session/theme';

/** WCAG 2 level AA: body text needs a contrast ratio of at least 4.5:1 against its background. */
export const WCAG_AA_TEXT = 4.5;
/** WCAG 2 level AA: large text and the parts of a control (borders, icons) need 3:1. */
export const WCAG_AA_LARGE = 3;

/** The WCAG contrast ratio of two colours, from 1 (none) to 21 (black on white), to two decimals. */
export function contrastRatio(foreground: string, background: string): number {
  return Math.round(tinycolor.readability(foreground, background) * 100) / 100;
}

/**
 * The colour itself when it reaches `minimum` against every background, else the nearest shade of
 * it that does: darker on light backgrounds, lighter on dark ones, in steps of 2 % lightness.
 */
export function readableShade(
  colour: string,
  backgrounds: readonly string[],
  minimum: number = WCAG_AA_TEXT,
): string {
  const base = tinycolor(colour);
  const reads = (shade: tinycolor.Instance) =>
    backgrounds.every((bg) => tinycolor.readability(shade, bg) >= minimum);
  if (reads(base)) return base.toHexString();
  const onDark = backgrounds.every((bg) => tinycolor(bg).isDark());
  for (let step = 2; step <= 100; step += 2) {
    const shade = onDark ? base.clone().lighten(step) : base.clone().darken(step);
    if (reads(shade)) return shade.toHexString();
  }
  return onDark ? '#ffffff' : '#000000';
}

/** The tenant colours drawn as text, links, outlines and selected items. */
export const ACCENT_KEYS = ['primary', 'secondary', 'tertiary'] as const;
export type AccentKey = (typeof ACCENT_KEYS)[number];

/** What an accent colour sits on: panels, the page, and a panel tinted 12 % with it (a selected item). */
export function accentBackgrounds(values: ThemeValues, key: AccentKey): string[] {
  return [
    values.bg_tertiary,
    values.bg_secondary,
    tinycolor.mix(values.bg_tertiary, values[key], 12).toHexString(),
  ];
}

export interface AccentShade {
  key: AccentKey;
  /** The tenant's colour and its contrast against the lightest of what it sits on (a panel). */
  colour: string;
  ratio: number;
  /** What text and borders use: the colour itself, or a readable shade of it. */
  used: string;
  usedRatio: number;
  adjusted: boolean;
}

/** For each accent colour: is it readable as text where it is drawn, and what is used instead. */
export function accentShades(values: ThemeValues): AccentShade[] {
  return ACCENT_KEYS.map((key) => {
    const backgrounds = accentBackgrounds(values, key);
    const colour = tinycolor(values[key]).toHexString();
    const used = readableShade(colour, backgrounds);
    const worst = (c: string) => Math.min(...backgrounds.map((bg) => contrastRatio(c, bg)));
    return { key, colour, ratio: worst(colour), used, usedRatio: worst(used), adjusted: used !== colour };
  });
}
