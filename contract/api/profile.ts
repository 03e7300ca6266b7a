import Type, { type Static } from 'typebox';
import { NullableLanguage } from '../languages';
import { Id, Literals, Paged, PersonFields } from './common';

export const PROFILE_FIELD_TYPES = ['text', 'number', 'date', 'select', 'timezone'] as const;
export type ProfileFieldType = (typeof PROFILE_FIELD_TYPES)[number];

const FieldType = Literals('text', 'number', 'date', 'select', 'timezone');

/** What the personal profile form needs of a field. */
export const ProfileFormField = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  short_name: Type.String(),
  type: FieldType,
  /** The choices of a `select` field; empty for the other types. */
  options: Type.Array(Type.String()),
  required: Type.Boolean(),
});
export type ProfileFormField = Static<typeof ProfileFormField>;

/** A profile field as Profile Management edits it. */
export const ProfileField = Type.Object({
  ...ProfileFormField.properties,
  sort_order: Type.Integer(),
  active: Type.Boolean(),
  /** Built-in fields (the time zone) cannot be deleted or change type. */
  built_in: Type.Boolean(),
  /** How many people have filled the field in: what deleting it would erase. */
  value_count: Type.Integer(),
});
export type ProfileField = Static<typeof ProfileField>;

export const ProfileFieldList = Paged(ProfileField);
export type ProfileFieldList = Static<typeof ProfileFieldList>;

const FieldInput = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  short_name: Type.String({ minLength: 1, maxLength: 50 }),
  type: FieldType,
  options: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 })),
  required: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean()),
};

export const ProfileFieldCreateBody = Type.Object(FieldInput);
export type ProfileFieldCreateBody = Static<typeof ProfileFieldCreateBody>;

export const ProfileFieldUpdateBody = Type.Object({ id: Id, ...FieldInput });
export type ProfileFieldUpdateBody = Static<typeof ProfileFieldUpdateBody>;

export const ProfileFieldReorderBody = Type.Object({
  /** Every field id of the tenant, in the new order. */
  ids: Type.Array(Id, { minItems: 1, maxItems: 500 }),
});
export type ProfileFieldReorderBody = Static<typeof ProfileFieldReorderBody>;

/** Spec §3 profile entry; the session also carries the field's short name. */
export const ProfileDataEntry = Type.Object({
  id: Type.Integer(),
  field_id: Type.Integer(),
  short_name: Type.String(),
  value: Type.String(),
});
export type ProfileDataEntry = Static<typeof ProfileDataEntry>;

const ProfileProperties = {
  ...PersonFields,
  /** The language the person reads Storeline in; null: the tenant's default. */
  language: Type.Optional(NullableLanguage),
  /** The upload hash of spec §3. */
  avatar: Type.Union([Type.String(), Type.Null()]),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
  profile_data: Type.Array(ProfileDataEntry),
  /** The tenant's active fields, in order. */
  fields: Type.Array(ProfileFormField),
};

export const Profile = Type.Object(ProfileProperties);
export type Profile = Static<typeof Profile>;

export const ProfileUpdateResult = Type.Object({ password_changed: Type.Boolean(), ...ProfileProperties });
export type ProfileUpdateResult = Static<typeof ProfileUpdateResult>;

/**
 * Spec §7: PUT /api/profile/update takes an optional preferred_name, avatar and profile_data — or
 * a password (with the current one) to change it.
 */
export const ProfileUpdateBody = Type.Object({
  preferred_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  avatar: Type.Optional(Type.Union([Type.String({ maxLength: 128 }), Type.Null()])),
  language: Type.Optional(NullableLanguage),
  profile_data: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Optional(Id),
        field_id: Id,
        // Numbers within what a double holds exactly: a profile value is not a place for 1e308.
        value: Type.Union([
          Type.String({ maxLength: 1000 }),
          Type.Number({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
          Type.Null(),
        ]),
      }),
      { maxItems: 200 },
    ),
  ),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  current_password: Type.Optional(Type.String({ maxLength: 1024 })),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

export const AvatarUpload = Type.Object({ hash: Type.String(), avatar_url: Type.String() });
export type AvatarUpload = Static<typeof AvatarUpload>;
