import { queryOptions } from '@tanstack/react-query';
import type { AppDataProvider } from '../../providers/dataProvider';

/** The tenant's settings; a save writes the answer back under the same key. */
export const settingsQuery = (dataProvider: AppDataProvider) =>
  queryOptions({ queryKey: ['settings'], queryFn: () => dataProvider.getSettings() });

/** The tenant's ten theme settings (spec §3 ids 1–10). */
export const themeQuery = (dataProvider: AppDataProvider) =>
  queryOptions({ queryKey: ['theme'], queryFn: () => dataProvider.getTheme() });
