import type { AvatarUpload, Profile, ProfileUpdateResult } from '../../../contract/api/profile';
import { apiFetch } from '../../providers/httpClient';
import { getSessionUser, setSessionUser } from '../../providers/sessionStore';
import { browserTimeZone, timezoneInfo } from '../../providers/timezone';

export const PROFILE_KEY = ['profile'] as const;
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export function fetchProfile(): Promise<Profile> {
  return apiFetch<Profile>('/api/profile/get');
}

export interface ProfileChanges {
  preferred_name: string | null;
  avatar: string | null;
  profile_data: { id?: number; field_id: number; value: string }[];
}

/** Spec §7: PUT /api/profile/update with preferred_name, avatar and profile_data. */
export function saveProfile(changes: ProfileChanges): Promise<ProfileUpdateResult> {
  return apiFetch<ProfileUpdateResult>('/api/profile/update', {
    method: 'PUT',
    body: changes,
    fallback: 'Error updating profile',
  });
}

/** Checked here too so a wrong file fails at once; the server decides by content, not type. */
export function avatarProblem(file: File): 'type' | 'size' | undefined {
  if (file.type && !AVATAR_TYPES.includes(file.type)) return 'type';
  if (file.size > MAX_AVATAR_BYTES) return 'size';
  return undefined;
}

/** Spec §7: POST /api/profile/upload-avatar (form data) answers the picture's hash. */
export function uploadAvatar(file: File): Promise<AvatarUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<AvatarUpload>('/api/profile/upload-avatar', {
    method: 'POST',
    body,
    fallback: 'Error uploading avatar',
  });
}

/** Spec §7/§8: a password change through the same call; its failure text is "Password update failed". */
export function changePassword(current: string, next: string): Promise<ProfileUpdateResult> {
  return apiFetch<ProfileUpdateResult>('/api/profile/update', {
    method: 'PUT',
    body: { password: next, current_password: current },
    fallback: 'Password update failed',
  });
}

/**
 * Carries a saved profile into the session, so the app bar shows the new name and picture and the
 * time zone follows the profile (else the browser, spec §9) without verifying again.
 */
export function applyProfileToSession(profile: Profile): void {
  const user = getSessionUser();
  if (!user) return;
  const zone = profile.profile_data.find((p) => p.short_name === 'timezone')?.value.trim();
  setSessionUser({
    ...user,
    preferred_name: profile.preferred_name,
    avatar: profile.avatar_url,
    profileData: profile.profile_data,
    timezone: timezoneInfo(zone || browserTimeZone()),
  });
}
