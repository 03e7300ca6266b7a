import { isLanguage, type Language } from '../../../contract/languages';
import { invalidValue } from './protocol/errors';
import { metaOf, type Resource } from './protocol/resource';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './protocol/schemas';
import type { ScimUserRow } from './userRepository';

/*
 * SCIM's User (RFC 7643 §4.1, with the enterprise extension §4.3) onto Storeline's person:
 *
 *   userName, emails (primary, else work, else first) → username = e-mail address (Storeline signs
 *     people in by e-mail: the primary/work e-mail when given, else userName, which must be one)
 *   name.givenName / name.familyName → firstname / lastname (else displayName's first word / rest)
 *   nickName, else a displayName other than "given family" → preferred name
 *   preferredLanguage (en, es, fr, or en-US…) → language; any other → none (the tenant's)
 *   active ("True"/"False" too) → enabled
 *   externalId → scim_users.external_id
 *   password (write-only) → the password, checked by the password rule
 *   enterprise employeeNumber / department / manager.value → the tenant's profile fields whose
 *     short names are employee_number / department / manager, when they exist and the value fits
 *
 * Anything else (title, phoneNumbers, addresses, groups…) is accepted and ignored.
 */

/** The profile fields (by short name) the enterprise extension's attributes are kept in. */
export const ENTERPRISE_FIELDS = {
  employeeNumber: 'employee_number',
  department: 'department',
  manager: 'manager',
} as const;
export type EnterpriseKey = keyof typeof ENTERPRISE_FIELDS;
export type Enterprise = Partial<Record<EnterpriseKey, string | null>>;

/** A person as SCIM writes them. */
export interface UserState {
  email: string;
  firstname: string;
  lastname: string;
  preferredName: string | null;
  language: Language | null;
  active: boolean;
  externalId: string | null;
  enterprise: Enterprise;
  password?: string;
}

type Doc = Record<string, unknown>;
const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
/** Reads a value the document's own way of spelling its key (SCIM names are case-blind). */
const get = (doc: Doc, key: string) => {
  const found = Object.keys(doc).find((k) => k.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : doc[found];
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const fullName = (row: { firstname: string; lastname: string }) =>
  `${row.firstname} ${row.lastname}`.trim();

/** The resource SCIM answers for a person. */
export function toScimUser(row: ScimUserRow, enterprise: Enterprise, baseUrl: string): Resource {
  const ext = Object.fromEntries(
    Object.entries(enterprise)
      .filter(([, v]) => v)
      .map(([k, v]) => [k, k === 'manager' ? { value: v } : v]),
  );
  const hasExt = Object.keys(ext).length > 0;
  return {
    schemas: hasExt ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.username,
    name: { givenName: row.firstname, familyName: row.lastname, formatted: fullName(row) },
    displayName: row.preferredName || fullName(row),
    ...(row.preferredName ? { nickName: row.preferredName } : {}),
    ...(row.language ? { preferredLanguage: row.language } : {}),
    active: row.enabled,
    emails: [{ value: row.email, type: 'work', primary: true }],
    ...(hasExt ? { [ENTERPRISE_SCHEMA]: ext } : {}),
    meta: metaOf({
      resourceType: 'User',
      created: new Date(row.createdAt),
      lastModified: new Date(row.updatedAt),
      location: `${baseUrl}/Users/${row.id}`,
    }),
  };
}

/** `true`, `false`, and the strings Entra ID sends ("True", "False"). */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  throw invalidValue(`“${attribute}” must be true or false, not ${JSON.stringify(value)}.`);
}

function emailOf(doc: Doc): string | undefined {
  const emails = get(doc, 'emails');
  if (!Array.isArray(emails)) return undefined;
  const listed = emails.filter(isObject).filter((e) => text(e.value));
  const primary = listed.find((e) => e.primary === true || String(e.primary).toLowerCase() === 'true');
  const work = listed.find((e) => String(e.type ?? '').toLowerCase() === 'work');
  return text((primary ?? work ?? listed[0])?.value);
}

function languageOf(value: unknown): Language | null {
  const code = text(value)?.slice(0, 2).toLowerCase();
  return code && isLanguage(code) ? code : null;
}

function enterpriseOf(doc: Doc): Enterprise {
  const ext = get(doc, ENTERPRISE_SCHEMA);
  const values: Enterprise = { employeeNumber: null, department: null, manager: null };
  if (!isObject(ext)) return values;
  const manager = get(ext, 'manager');
  values.employeeNumber = text(get(ext, 'employeeNumber')) ?? null;
  values.department = text(get(ext, 'department')) ?? null;
  values.manager = (isObject(manager) ? text(get(manager, 'value')) : text(manager)) ?? null;
  return values;
}

/**
 * The person a whole resource describes (POST, PUT, or the result of a PATCH). `before` is the
 * resource the person had (PUT and PATCH): a displayName or nickName it already said is not news.
 */
export function readUser(doc: Doc, before?: { resource: Doc; row: ScimUserRow }): UserState {
  const userName = text(get(doc, 'userName'));
  if (!userName) throw invalidValue('“userName” is required: the person’s e-mail address.');
  const email = emailOf(doc) ?? userName;
  if (!EMAIL.test(email) || email.length > 254)
    throw invalidValue(
      `“${email}” is not an e-mail address. Storeline signs people in by e-mail: send one as userName or as the primary e-mail.`,
    );
  const name = isObject(get(doc, 'name')) ? (get(doc, 'name') as Doc) : {};
  const displayName = text(get(doc, 'displayName'));
  const [firstWord, ...rest] = (displayName ?? '').split(/\s+/);
  const firstname = text(get(name, 'givenName')) ?? before?.row.firstname ?? (firstWord || undefined);
  const lastname = text(get(name, 'familyName')) ?? before?.row.lastname ?? (rest.join(' ') || undefined);
  if (!firstname || !lastname)
    throw invalidValue(
      'Storeline needs a first and a last name: send name.givenName and name.familyName (or a displayName of two words).',
    );
  const was = before?.resource;
  const nickName = text(get(doc, 'nickName'));
  const nickChanged = !was || nickName !== text(get(was, 'nickName'));
  const displayChanged = !was || displayName !== text(get(was, 'displayName'));
  const full = `${firstname} ${lastname}`;
  const preferredName =
    nickChanged && nickName
      ? nickName
      : displayChanged && displayName
        ? displayName.toLowerCase() === full.toLowerCase()
          ? null
          : displayName
        : nickChanged
          ? null
          : (before?.row.preferredName ?? null);
  const active = get(doc, 'active');
  const externalId = get(doc, 'externalId');
  const password = get(doc, 'password');
  return {
    email,
    firstname,
    lastname,
    preferredName,
    language: languageOf(get(doc, 'preferredLanguage')),
    active:
      active === undefined || active === null ? (before?.row.enabled ?? true) : booleanOf(active, 'active'),
    externalId: externalId === undefined || externalId === null ? null : String(externalId),
    enterprise: enterpriseOf(doc),
    ...(typeof password === 'string' && password !== '' ? { password } : {}),
  };
}
