import type { ThemeSetting } from '../../../contract/api/session';
import type { SettingData, SettingUpdateBody } from '../../../contract/api/settings';
import { apiFetch } from '../httpClient';

/** The tenant's settings and theme (spec §7 theme calls; the settings calls are the design's). */
export const settingsMethods = {
  getSettings: () => apiFetch<SettingData>('/api/setting/get', { fallback: 'errors.settings_fetch' }),

  updateSettings: (body: SettingUpdateBody) =>
    apiFetch<SettingData>('/api/setting/update', { method: 'PUT', body, fallback: 'errors.settings_save' }),

  /** GET /api/theme/list: data.data is the list of settings. */
  getTheme: async () =>
    (await apiFetch<{ data: ThemeSetting[] }>('/api/theme/list', { fallback: 'errors.theme_fetch' })).data,

  /** POST /api/theme/update: the body is the settings. */
  updateTheme: async (settings: Pick<ThemeSetting, 'id' | 'key' | 'value'>[]) =>
    (
      await apiFetch<{ data: ThemeSetting[] }>('/api/theme/update', {
        method: 'POST',
        body: settings,
        fallback: 'errors.theme_save',
      })
    ).data,

  /** Stores the logo (checked by the server) and answers its URL. */
  uploadLogo: async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return (
      await apiFetch<{ url: string }>('/api/theme/logo/upload', {
        method: 'POST',
        body,
        fallback: 'errors.file_upload',
      })
    ).url;
  },
};
