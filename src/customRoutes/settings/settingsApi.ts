import type { ThemeSetting } from '../../../contract/api/session';
import type { SettingData, SettingUpdateBody } from '../../../contract/api/settings';
import { apiFetch } from '../../providers/httpClient';

/** Spec §8 fallbacks where it names them ('Failed to fetch theme', 'Failed to save theme', 'Error uploading file'). */
export const FALLBACK = {
  fetchSettings: 'Failed to fetch settings',
  saveSettings: 'Failed to save settings',
  fetchTheme: 'Failed to fetch theme',
  saveTheme: 'Failed to save theme',
  upload: 'Error uploading file',
} as const;

export const fetchSettings = () =>
  apiFetch<SettingData>('/api/setting/get', { fallback: FALLBACK.fetchSettings });

export const saveSettings = (body: SettingUpdateBody) =>
  apiFetch<SettingData>('/api/setting/update', { method: 'PUT', body, fallback: FALLBACK.saveSettings });

export async function fetchTheme(): Promise<ThemeSetting[]> {
  return (await apiFetch<{ data: ThemeSetting[] }>('/api/theme/list', { fallback: FALLBACK.fetchTheme }))
    .data;
}

export async function saveTheme(
  settings: Pick<ThemeSetting, 'id' | 'key' | 'value'>[],
): Promise<ThemeSetting[]> {
  const result = await apiFetch<{ data: ThemeSetting[] }>('/api/theme/update', {
    method: 'POST',
    body: settings,
    fallback: FALLBACK.saveTheme,
  });
  return result.data;
}

export async function uploadLogo(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const result = await apiFetch<{ url: string }>('/api/theme/logo/upload', {
    method: 'POST',
    body,
    fallback: FALLBACK.upload,
  });
  return result.url;
}
