import { queryOptions } from '@tanstack/react-query';
import type { AppDataProvider } from '../../providers/dataProvider';

/** A template's versions, newest first as the server lists them. */
export const versionsQuery = (dataProvider: AppDataProvider, id: number) =>
  queryOptions({
    queryKey: ['formtemplates', 'versions', id],
    queryFn: () => dataProvider.getFormTemplateVersions(id),
  });
