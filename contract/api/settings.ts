import Type, { type Static } from 'typebox';
import { LANGUAGES, NullableLanguage } from '../languages';

/**
 * A tenant's settings (spec §3 "Settings: terms, modules, weekStartDay, maxActiveWorkspace").
 * Terms rename what the product calls things: the workspace (singular and plural), the top of the
 * hierarchy and each container level below it ("State", "Area"…).
 */
export const MAX_HIERARCHY_LEVEL_TERMS = 9;
/**
 * A term's key, optionally for one language (issue 31): `workspace` is the tenant's word in its
 * default language, `workspace@fr` its word for people reading French; a reader without one of
 * their language reads the default's, then the built-in word.
 */
export const TERM_KEY_PATTERN = `^(workspace|workspaces|root|level_[1-${MAX_HIERARCHY_LEVEL_TERMS}])(@(${LANGUAGES.join('|')}))?$`;
/** The terms a tenant may word per language: those the screens read. */
export const TERMS_PER_LANGUAGE = ['workspace', 'workspaces'] as const;
export const TERM_MAX_LENGTH = 40;

export const levelTermKey = (level: number) => `level_${level}`;

/** Modules a tenant cannot switch off for itself: without them nobody could switch them back on. */
/** The settings row (key) that holds the administration log's retention in days. */
export const ACTIVITY_RETENTION_SETTING = 'activity_retention_days';

export const ALWAYS_ON_MODULES = ['setting'] as const;

export const SettingModule = Type.Object({
  id: Type.String(),
  label: Type.String(),
  enabled: Type.Boolean(),
  /** False for modules the tenant may not switch off here. */
  editable: Type.Boolean(),
});
export type SettingModule = Static<typeof SettingModule>;

export const SettingData = Type.Object({
  terms: Type.Record(Type.String(), Type.String()),
  /** The modules the platform operators allow this tenant, each switched on or off by the tenant. */
  modules: Type.Array(SettingModule),
  week_starting_day: Type.Integer({ minimum: 0, maximum: 6 }),
  /** Read-only here: the platform operators set it. */
  max_active_workspace: Type.Integer(),
  active_workspaces: Type.Integer(),
  /** Days the administration log keeps its entries; 0 keeps everything (the default). */
  activity_retention_days: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The default language of people who chose none; null: each browser's. */
  language: Type.Optional(NullableLanguage),
});
export type SettingData = Static<typeof SettingData>;

export const SettingUpdateBody = Type.Object({
  /** Key → value; an empty value removes the term so the product's default applies again. */
  terms: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 200 }))),
  modules: Type.Optional(
    Type.Array(Type.Object({ id: Type.String({ maxLength: 40 }), enabled: Type.Boolean() }), {
      maxItems: 40,
    }),
  ),
  week_starting_day: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
  /** Accepted only unchanged, so a client may send back what it read. */
  max_active_workspace: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000 })),
  /** 0 keeps every entry; at least 30 days otherwise, so a slip of the finger cannot empty the log. */
  activity_retention_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 36500 })),
  language: Type.Optional(NullableLanguage),
});
export type SettingUpdateBody = Static<typeof SettingUpdateBody>;
