import type { AvatarUpload, Profile, ProfileUpdateResult } from '../../../contract/api/profile';
import type { Language } from '../../../contract/languages';
import { apiFetch } from '../httpClient';

/** What one save changes; what is left out stays as it is. */
export interface ProfileChanges {
  preferred_name?: string | null;
  avatar?: string | null;
  language?: Language | null;
  profile_data?: { id?: number; field_id: number; value: string }[];
}

/** Spec §7 profile calls: one's own profile, picture and password, and the tenant's field order. */
export const profileMethods = {
  getProfile: () => apiFetch<Profile>('/api/profile/get'),

  /** PUT /api/profile/update with preferred_name, avatar, language and/or profile_data. */
  updateProfile: (changes: ProfileChanges) =>
    apiFetch<ProfileUpdateResult>('/api/profile/update', {
      method: 'PUT',
      body: changes,
      fallback: 'errors.profile_update',
    }),

  /** POST /api/profile/upload-avatar (form data) answers the picture's hash. */
  uploadAvatar: (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return apiFetch<AvatarUpload>('/api/profile/upload-avatar', {
      method: 'POST',
      body,
      fallback: 'errors.avatar_upload',
    });
  },

  /** A password change through the same update call, proven with the current password. */
  changePassword: (current: string, next: string) =>
    apiFetch<ProfileUpdateResult>('/api/profile/update', {
      method: 'PUT',
      body: { password: next, current_password: current },
      fallback: 'errors.password_update',
    }),

  /** Profile Management: the tenant's fields in their new form order. */
  reorderProfileFields: (ids: number[]) =>
    apiFetch<unknown>('/api/profile-field/reorder', {
      method: 'PUT',
      body: { ids },
      fallback: 'errors.profile_fields_reorder',
    }),
};
