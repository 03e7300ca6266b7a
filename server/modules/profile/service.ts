import type { Profile, ProfileUpdateBody } from '../../../contract/api/profile';
import { isLanguage, type Language } from '../../../contract/languages';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/caller';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { bumpPeople } from '../../lib/versions';
import { listFields, toProfileFormField } from '../profileFields/service';
import { loadProfileData } from '../profileFields/values';
import { checkOwnPassword, writeOwnPassword } from '../session/passwords';
import { avatarUrl, type SessionContext } from '../session/service';
import { findUser } from '../users/service';
import { deleteValue, loadValuesOfMany, saveValue, saveValuesBulk, updateOwnProfile } from './repository';
import { checkValue } from './values';

/** The caller's own profile; also read right after a change, when there may be no position. */
export async function getProfile(db: Db, caller: Pick<Caller, 'tenantId' | 'userId'>): Promise<Profile> {
  const { tenantId, userId } = caller;
  const [user, data, fields] = await Promise.all([
    findUser(db, tenantId, userId),
    loadProfileData(db, tenantId, userId),
    listFields(db, tenantId, true),
  ]);
  // The session was found for this user a moment ago, so only a concurrent deletion misses here.
  if (!user) throw notFound('User');
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    preferred_name: user.preferredName,
    language: isLanguage(user.language) ? user.language : null,
    avatar: user.avatar,
    avatar_url: avatarUrl(user.avatar),
    profile_data: data,
    fields: fields.map(({ field }) => toProfileFormField(field)),
  };
}

interface ProfileChanges {
  preferredName?: string | null;
  language?: Language | null;
  avatar?: string | null;
  values: { fieldId: number; value: string | null }[];
}

/** Checks the profile part of an update against the tenant's active fields; writes nothing. */
async function checkProfile(
  db: Db,
  session: SessionContext,
  body: ProfileUpdateBody,
  avatarExists: (hash: string) => Promise<boolean>,
): Promise<ProfileChanges> {
  const errors: Record<string, string> = {};
  const changes: ProfileChanges = { values: [] };
  if (body.preferred_name !== undefined) changes.preferredName = body.preferred_name?.trim() || null;
  // The schema admits en, es, fr or null only.
  if (body.language !== undefined) changes.language = body.language;
  if (body.avatar !== undefined) {
    const hash = body.avatar?.trim() || null;
    if (hash !== null && !(await avatarExists(hash)))
      errors.avatar = 'Upload the picture again: this one is not known';
    changes.avatar = hash;
  }
  if (body.profile_data) {
    const { tenantId, userId } = session;
    const [fields, current] = await Promise.all([
      listFields(db, tenantId, true),
      loadProfileData(db, tenantId, userId),
    ]);
    const byId = new Map(fields.map(({ field }) => [field.id, field]));
    const sent = new Set<number>();
    body.profile_data.forEach((entry, i) => {
      const field = byId.get(entry.field_id);
      if (!field) {
        errors[`profile_data.${i}.field_id`] = 'This profile field no longer exists';
        return;
      }
      sent.add(field.id);
      const checked = checkValue(field, entry.value);
      if ('problem' in checked) errors[`profile_data.${field.id}`] = checked.problem;
      else changes.values.push({ fieldId: field.id, value: checked.value });
    });
    // A required field nobody sent must already hold a value.
    const filled = new Set(current.map((v) => v.field_id));
    for (const { field } of fields) {
      if (field.required && !sent.has(field.id) && !filled.has(field.id))
        errors[`profile_data.${field.id}`] = `${field.name} is required`;
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return changes;
}

const hasProfileChanges = (body: ProfileUpdateBody) =>
  body.preferred_name !== undefined ||
  body.avatar !== undefined ||
  body.language !== undefined ||
  body.profile_data !== undefined;

/**
 * The caller's own profile (spec §7): preferred name, avatar, language and profile data, and/or — with
 * `password` — a password change. Everything is checked before anything is written.
 */
export async function updateProfile(
  db: Db,
  session: SessionContext,
  body: ProfileUpdateBody,
  canUpdate: boolean,
  avatarExists: (hash: string) => Promise<boolean>,
): Promise<{ password_changed: boolean }> {
  const profile = hasProfileChanges(body);
  if (!profile && body.password === undefined)
    throw badRequest('Nothing to update', { password: 'password is required' });
  let changes: ProfileChanges | undefined;
  if (profile) {
    if (session.user.forceReset) throw forbidden('You must set a new password before continuing.');
    if (!canUpdate) throw forbidden();
    changes = await checkProfile(db, session, body, avatarExists);
  }
  const passwordHash =
    body.password === undefined
      ? undefined
      : await checkOwnPassword(
          session,
          { password: body.password, current_password: body.current_password },
          canUpdate,
        );
  // The password and the profile are written together, or neither is.
  const { tenantId, userId } = session;
  await db.transaction(async (tx) => {
    if (passwordHash !== undefined) await writeOwnPassword(tx, session, passwordHash);
    if (changes) {
      const { preferredName, avatar, language, values } = changes;
      await updateOwnProfile(tx, tenantId, userId, { preferredName, avatar, language });
      for (const { fieldId, value } of values) {
        if (value === null) await deleteValue(tx, tenantId, userId, fieldId);
        else await saveValue(tx, tenantId, userId, fieldId, value);
      }
    }
    // The user row and profile values are in the guard's resolution, verify and the user list.
    await bumpPeople(tx, tenantId, [userId]);
  });
  return { password_changed: body.password !== undefined };
}

/*
 * For bulk imports (issue 14): profile field columns are checked with `checkValue` (values.ts),
 * compared with what people hold, and written in one statement.
 */
export { checkValue } from './values';

export function profileValuesOf(db: Db, tenantId: number, userIds: readonly number[]) {
  return loadValuesOfMany(db, tenantId, userIds);
}

export function saveProfileValues(
  db: Db,
  tenantId: number,
  rows: readonly { userId: number; fieldId: number; value: string }[],
) {
  return saveValuesBulk(db, tenantId, rows);
}

/** Clears people's values of these fields (a directory that no longer sends them: scim/users). */
export async function clearProfileValue(db: Db, tenantId: number, userId: number, fieldId: number) {
  await deleteValue(db, tenantId, userId, fieldId);
}
