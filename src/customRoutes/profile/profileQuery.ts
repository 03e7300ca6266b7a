import { queryOptions } from '@tanstack/react-query';
import type { AppDataProvider } from '../../providers/dataProvider';

/** One's own profile; the page reads it, a save writes the answer back under the same key. */
export const profileQuery = (dataProvider: AppDataProvider) =>
  queryOptions({ queryKey: ['profile'], queryFn: () => dataProvider.getProfile() });
