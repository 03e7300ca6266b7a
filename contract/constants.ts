/** Business constants of spec §9 shared by the API and the web app. */
export const TOKEN_COOKIE = 'user_access_token';
export const TOKEN_COOKIE_DAYS = 365;
export const MOBILE_MAX_WIDTH = 767;
export const ROLE_LIST_PAGE_SIZE = 1000;
export const THEME_LIGHTEN_STEPS = [30, 50, 70, 80, 90] as const;
export const THEME_DARKEN_STEP = 20;
export const THEME_LIGHT_ALPHA_SUFFIX = 'cc';
export const DEFAULT_WORKSPACE_TERM = 'Workspace';
export const RESET_TOKEN_TTL_MINUTES = 60;
export const POSITION_HEADER = 'x-position-id';

/** Theme setting ids of spec §3. */
export const THEME_KEYS = [
  { id: 1, key: 'logo', default: '' },
  { id: 2, key: 'primary', default: '#6b4fbb' },
  { id: 3, key: 'secondary', default: '#2f9e8f' },
  { id: 4, key: 'tertiary', default: '#f2a541' },
  { id: 5, key: 'bg_primary', default: '#6b4fbb' },
  { id: 6, key: 'text_bg_primary', default: '#ffffff' },
  { id: 7, key: 'bg_secondary', default: '#f4f2fa' },
  { id: 8, key: 'text_bg_secondary', default: '#1f1a2e' },
  { id: 9, key: 'bg_tertiary', default: '#ffffff' },
  { id: 10, key: 'text_bg_tertiary', default: '#1f1a2e' },
] as const;
export type ThemeKey = (typeof THEME_KEYS)[number]['key'];

export const NODE_TYPES = ['root', 'container', 'workspace', 'unassigned'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/**
 * The `code` of the 401 for a person with no position at an active workspace: the web app sends
 * them to sign-in with that reason, whatever language the message is in.
 */
export const NO_ACTIVE_WORKSPACE_CODE = 'NO_ACTIVE_WORKSPACE';
