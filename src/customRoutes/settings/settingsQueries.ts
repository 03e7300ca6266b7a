import { queryOptions } from '@tanstack/react-query';
import type { ScimGroupList, ScimSettings, ScimTokenList } from '../../../contract/api/scim';
import type { AppDataProvider } from '../../providers/dataProvider';
import { apiFetch } from '../../providers/httpClient';

/** The tenant's settings; a save writes the answer back under the same key. */
export const settingsQuery = (dataProvider: AppDataProvider) =>
  queryOptions({ queryKey: ['settings'], queryFn: () => dataProvider.getSettings() });

/** The tenant's ten theme settings (spec §3 ids 1–10). */
export const themeQuery = (dataProvider: AppDataProvider) =>
  queryOptions({ queryKey: ['theme'], queryFn: () => dataProvider.getTheme() });

/** Directory provisioning (issue 47): its address and delete choice, its tokens, its groups. */
export const scimSettingsQuery = () =>
  queryOptions({
    queryKey: ['scim', 'settings'],
    queryFn: () => apiFetch<ScimSettings>('/api/scim/setting', { fallback: 'errors.generic' }),
  });

export const scimTokensQuery = () =>
  queryOptions({
    queryKey: ['scim', 'tokens'],
    queryFn: () => apiFetch<ScimTokenList>('/api/scim/token/list', { fallback: 'errors.generic' }),
  });

export const scimGroupsQuery = () =>
  queryOptions({
    queryKey: ['scim', 'groups'],
    queryFn: () => apiFetch<ScimGroupList>('/api/scim/group/list', { fallback: 'errors.generic' }),
  });
