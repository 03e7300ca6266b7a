import type { ThemeSetting } from '../../../contract/api/session';
import { THEME_KEYS } from '../../../contract/constants';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { bumpVersion } from '../../lib/versions';
import { deleteLogo, ownLogoFile } from './logo';
import { listTheme, saveTheme, seedTheme } from './repository';

// The session sends the theme with verify and after a password reset (before anyone signs in);
// a new tenant starts from the product's theme with its own colours.
export { listTheme, seedTheme };

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

export interface ThemeUpdateItem {
  id: number;
  key?: string;
  value: string;
}

/**
 * The logo is empty (the tenant's name shows instead) or a logo uploaded for this tenant: the
 * app's content security policy shows images from its own origin only, so a link elsewhere would
 * be a broken image.
 */
function logoProblem(tenantId: number, value: string): string | undefined {
  if (value === '' || ownLogoFile(tenantId, value)) return undefined;
  return 'Upload the logo here (PNG, SVG, JPEG or WebP) instead of linking to it';
}

/** Saves the settings sent (all or nothing) and returns the whole theme. */
export async function updateTheme(
  db: Db,
  files: FileStorage,
  caller: Caller,
  items: ThemeUpdateItem[],
): Promise<ThemeSetting[]> {
  const { tenantId } = caller;
  const errors: Record<string, string> = {};
  const values = items.map((item) => ({ id: item.id, value: item.value.trim() }));
  for (const [index, item] of items.entries()) {
    const key = THEME_KEYS.find((k) => k.id === item.id)!;
    const value = values[index]!.value;
    // Two values for one setting: which one is meant cannot be told (and one statement cannot
    // write a row twice).
    if (items.findIndex((other) => other.id === item.id) !== index)
      errors[key.key] = `Setting ${item.id} is sent twice; send each setting once`;
    else if (item.key !== undefined && item.key !== key.key)
      errors[key.key] = `Setting ${item.id} is "${key.key}", not "${item.key}"`;
    else if (key.key === 'logo') {
      const problem = logoProblem(tenantId, value);
      if (problem) errors.logo = problem;
    } else if (!HEX_COLOUR.test(value)) {
      errors[key.key] = `${key.key} must be a hex colour such as #6b4fbb`;
    }
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);

  const { before, theme } = await db.transaction(async (tx) => {
    const before = (await listTheme(tx, tenantId))[0]!.value;
    await saveTheme(tx, tenantId, values);
    const theme = await listTheme(tx, tenantId);
    // Verify sends the theme, kept under the settings version.
    await bumpVersion(tx, tenantId, 'settings');
    return { before, theme };
  });
  // A replaced logo is no longer shown anywhere; its file goes once the new value is saved.
  const replaced = ownLogoFile(tenantId, before);
  if (replaced && theme[0]!.value !== before) await deleteLogo(files, tenantId, replaced);
  return theme;
}
