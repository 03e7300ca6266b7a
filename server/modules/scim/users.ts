import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { describeActivity } from '../../lib/activity';
import { hashPassword, passwordProblem } from '../../lib/passwords';
import type { Jobs } from '../../plugins/jobs';
import { checkValue, clearProfileValue, saveProfileValues } from '../profile/service';
import { listFields } from '../profileFields/service';
import { createPerson, removePerson, setPersonStatus, updatePerson } from '../users/people';
import { findUser } from '../users/service';
import { invalidFilter, invalidValue, scimNotFound } from './protocol/errors';
import { parseFilter } from './protocol/filter';
import {
  attributeOf,
  compareSql,
  type FilterAttribute,
  filterSql,
  type Leaf,
  presentSql,
} from './protocol/filterSql';
import { applyPatch, type PatchOperation } from './protocol/patch';
import { listResponse, pagingOf, project } from './protocol/resource';
import { ENTERPRISE_SCHEMA } from './protocol/schemas';
import { loadOnDelete } from './settings';
import {
  ENTERPRISE_FIELDS,
  type Enterprise,
  type EnterpriseKey,
  readUser,
  toScimUser,
  type UserState,
} from './userMapping';
import {
  enterpriseValues,
  findScimUser,
  findScimUsers,
  type ScimUserRow,
  saveExternalId,
} from './userRepository';

/** What a request to /Users knows: the tenant, its directory's jobs, and where its resources live. */
export interface ScimContext {
  db: Db;
  jobs: Jobs;
  tenantId: number;
  baseUrl: string;
}

/** What a write did, for the log's action (`user.update`, `user.disable`…). */
export type UserWrite = 'create' | 'update' | 'enable' | 'disable' | 'delete' | 'none';

const ext = (attribute: string) => `${ENTERPRISE_SCHEMA}:${attribute}`.toLowerCase();
const enterpriseColumn = (shortName: string): SQL =>
  sql`(SELECT v.value FROM profile_values v JOIN profile_fields f ON f.tenant_id = v.tenant_id AND f.id = v.field_id
       WHERE v.tenant_id = u.tenant_id AND v.user_id = u.id AND f.active AND f.short_name = ${shortName})`;

const fullNameSql = sql`(u.firstname || ' ' || u.lastname)`;

/** What a filter on Users may name (RFC 7643 §4.1), as SQL over `users u` and `scim_users s`. */
const USER_ATTRIBUTES: Record<string, FilterAttribute> = {
  id: { expr: sql`u.id`, type: 'id' },
  username: { expr: sql`u.username`, type: 'ci' },
  externalid: { expr: sql`s.external_id`, type: 'exact' },
  displayname: { expr: sql`COALESCE(NULLIF(u.preferred_name, ''), ${fullNameSql})`, type: 'ci' },
  nickname: { expr: sql`u.preferred_name`, type: 'ci' },
  'name.givenname': { expr: sql`u.firstname`, type: 'ci' },
  'name.familyname': { expr: sql`u.lastname`, type: 'ci' },
  'name.formatted': { expr: fullNameSql, type: 'ci' },
  emails: { expr: sql`u.email`, type: 'ci' },
  'emails.value': { expr: sql`u.email`, type: 'ci' },
  active: { expr: sql`u.enabled`, type: 'boolean' },
  preferredlanguage: { expr: sql`u.language`, type: 'ci' },
  'meta.created': { expr: sql`u.created_at`, type: 'date' },
  'meta.lastmodified': { expr: sql`u.updated_at`, type: 'date' },
  [ext('employeeNumber')]: { expr: enterpriseColumn(ENTERPRISE_FIELDS.employeeNumber), type: 'exact' },
  [ext('department')]: { expr: enterpriseColumn(ENTERPRISE_FIELDS.department), type: 'ci' },
  [ext('manager.value')]: { expr: enterpriseColumn(ENTERPRISE_FIELDS.manager), type: 'exact' },
};

/** A person's one e-mail, as a filter in brackets sees it: `emails[type eq "work" and primary eq true]`. */
const EMAIL_ELEMENT: Record<string, FilterAttribute> = {
  value: { expr: sql`u.email`, type: 'ci' },
  type: { expr: sql`'work'`, type: 'ci' },
  primary: { expr: sql`true`, type: 'boolean' },
};

function userLeaf(node: Leaf): SQL {
  if (node.kind === 'present') return presentSql(attributeOf(USER_ATTRIBUTES, node.path));
  if (node.kind === 'compare')
    return compareSql(attributeOf(USER_ATTRIBUTES, node.path), node.path, node.op, node.value);
  if (node.path.toLowerCase() !== 'emails')
    throw invalidFilter(`The filter names “${node.path}[…]”, which this service cannot filter on.`);
  const element = (inner: Leaf): SQL =>
    inner.kind === 'present'
      ? presentSql(attributeOf(EMAIL_ELEMENT, inner.path))
      : inner.kind === 'compare'
        ? compareSql(attributeOf(EMAIL_ELEMENT, inner.path), inner.path, inner.op, inner.value)
        : (() => {
            throw invalidFilter('A filter in brackets cannot hold another one.');
          })();
  const inBrackets = filterSql(node.filter, element);
  return node.sub ? sql`(${inBrackets} AND ${filterSql(node.sub, element)})` : inBrackets;
}

const SHORT_NAMES = Object.values(ENTERPRISE_FIELDS);

async function enterpriseOf(db: Db, tenantId: number, ids: number[]): Promise<Map<number, Enterprise>> {
  const byUser = new Map<number, Enterprise>(ids.map((id) => [id, {}]));
  const keyOf = Object.fromEntries(Object.entries(ENTERPRISE_FIELDS).map(([k, v]) => [v, k])) as Record<
    string,
    EnterpriseKey
  >;
  for (const v of await enterpriseValues(db, tenantId, ids, SHORT_NAMES)) {
    const key = keyOf[v.shortName];
    if (key) byUser.get(v.userId)![key] = v.value;
  }
  return byUser;
}

async function resourceOf(c: ScimContext, row: ScimUserRow) {
  const enterprise = (await enterpriseOf(c.db, c.tenantId, [row.id])).get(row.id)!;
  return toScimUser(row, enterprise, c.baseUrl);
}

/** The SCIM id of a person: their id in text; anything else names nobody (404). */
export const idOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : undefined);

async function rowOf(c: ScimContext, id: string): Promise<ScimUserRow> {
  const userId = idOf(id);
  const row = userId === undefined ? undefined : await findScimUser(c.db, c.tenantId, userId);
  if (!row) throw scimNotFound('User', id);
  return row;
}

export async function listUsers(
  c: ScimContext,
  query: {
    filter?: string;
    startIndex?: number;
    count?: number;
    attributes?: string;
    excludedAttributes?: string;
  },
) {
  const where = query.filter ? filterSql(parseFilter(query.filter), userLeaf) : undefined;
  const paging = pagingOf(query);
  const { rows, total } = await findScimUsers(c.db, c.tenantId, where, paging.offset, paging.limit);
  const enterprise = await enterpriseOf(
    c.db,
    c.tenantId,
    rows.map((r) => r.id),
  );
  const resources = rows.map((row) => project(toScimUser(row, enterprise.get(row.id)!, c.baseUrl), query));
  return listResponse(resources, total, paging);
}

export async function getUser(
  c: ScimContext,
  id: string,
  query: { attributes?: string; excludedAttributes?: string },
) {
  return project(await resourceOf(c, await rowOf(c, id)), query);
}

/**
 * The enterprise extension's values into the tenant's profile fields of those short names, when
 * they exist and are active: a value that does not fit its field (a select's options, a number) is
 * left out rather than refused, and a required field is never emptied.
 */
async function writeEnterprise(tx: Tx, tenantId: number, userId: number, values: Enterprise) {
  const fields = (await listFields(tx, tenantId, true))
    .map((row) => row.field)
    .filter((f) => (SHORT_NAMES as readonly string[]).includes(f.shortName));
  const save: { userId: number; fieldId: number; value: string }[] = [];
  for (const field of fields) {
    const key = (Object.keys(ENTERPRISE_FIELDS) as EnterpriseKey[]).find(
      (k) => ENTERPRISE_FIELDS[k] === field.shortName,
    )!;
    const value = values[key];
    if (value === undefined) continue;
    if (value === null) {
      if (!field.required) await clearProfileValue(tx, tenantId, userId, field.id);
      continue;
    }
    const checked = checkValue(field, value);
    if ('value' in checked && checked.value !== null)
      save.push({ userId, fieldId: field.id, value: checked.value });
  }
  await saveProfileValues(tx, tenantId, save);
}

async function passwordHashOf(state: UserState): Promise<string | undefined> {
  if (!state.password) return undefined;
  const problem = passwordProblem(state.password);
  if (problem) throw invalidValue(`The password does not meet Storeline’s rule: ${problem}`);
  return hashPassword(state.password);
}

export async function createUser(c: ScimContext, body: Record<string, unknown>) {
  const state = readUser(body);
  const passwordHash = await passwordHashOf(state);
  const id = await createPerson(
    c.db,
    c.jobs,
    c.tenantId,
    {
      email: state.email,
      firstname: state.firstname,
      lastname: state.lastname,
      preferredName: state.preferredName,
      language: state.language,
      enabled: state.active,
      // Without a password the person signs in through single sign-on, or chooses one by "forgot password".
      passwordHash: passwordHash ?? (await hashPassword(randomBytes(32).toString('base64url'))),
      forceReset: !passwordHash,
      positions: [],
    },
    async (tx, userId) => {
      if (state.externalId !== null) await saveExternalId(tx, c.tenantId, userId, state.externalId);
      await writeEnterprise(tx, c.tenantId, userId, state.enterprise);
      describeActivity({
        entity: 'user',
        entityId: userId,
        entityName: `${state.firstname} ${state.lastname}`,
        after: {
          email: state.email,
          firstname: state.firstname,
          lastname: state.lastname,
          enabled: state.active,
        },
      });
    },
  );
  return resourceOf(c, (await findScimUser(c.db, c.tenantId, id))!);
}

const same = (a: Enterprise, b: Enterprise) =>
  (Object.keys(ENTERPRISE_FIELDS) as EnterpriseKey[]).every((k) => (a[k] ?? null) === (b[k] ?? null));

/** Writes the person `next` describes over what they are; answers what kind of write it was. */
async function writeUser(
  c: ScimContext,
  row: ScimUserRow,
  current: Enterprise,
  next: UserState,
): Promise<UserWrite> {
  const user = (await findUser(c.db, c.tenantId, row.id))!;
  const passwordHash = await passwordHashOf(next);
  const changed =
    next.email !== row.email ||
    next.firstname !== row.firstname ||
    next.lastname !== row.lastname ||
    next.preferredName !== row.preferredName ||
    next.language !== row.language ||
    next.externalId !== row.externalId ||
    !same(current, next.enterprise) ||
    passwordHash !== undefined;
  const statusChanges = next.active !== row.enabled;
  if (!changed && !statusChanges) return 'none';
  if (!changed) {
    await setPersonStatus(c.db, c.jobs, c.tenantId, user, next.active, async () =>
      describeActivity({
        action: next.active ? 'user.enable' : 'user.disable',
        entity: 'user',
        entityId: user.id,
        entityName: `${user.firstname} ${user.lastname}`,
        before: { enabled: user.enabled },
        after: { enabled: next.active },
      }),
    );
    return next.active ? 'enable' : 'disable';
  }
  await updatePerson(c.db, c.jobs, c.tenantId, user, {
    email: next.email,
    firstname: next.firstname,
    lastname: next.lastname,
    preferredName: next.preferredName,
    language: next.language,
    enabled: next.active,
    passwordHash,
    ...(passwordHash ? { forceReset: false } : {}),
    logged: next.externalId !== row.externalId ? { external_id: next.externalId } : {},
    within: async (tx) => {
      if (next.externalId !== row.externalId) await saveExternalId(tx, c.tenantId, row.id, next.externalId);
      if (!same(current, next.enterprise)) await writeEnterprise(tx, c.tenantId, row.id, next.enterprise);
    },
  });
  return 'update';
}

export async function replaceUser(c: ScimContext, id: string, body: Record<string, unknown>) {
  const row = await rowOf(c, id);
  const resource = await resourceOf(c, row);
  const current = (await enterpriseOf(c.db, c.tenantId, [row.id])).get(row.id)!;
  const write = await writeUser(c, row, current, readUser(body, { resource, row }));
  return { write, resource: await resourceOf(c, (await findScimUser(c.db, c.tenantId, row.id))!) };
}

export async function patchUser(c: ScimContext, id: string, operations: readonly PatchOperation[]) {
  const row = await rowOf(c, id);
  const resource = await resourceOf(c, row);
  const current = (await enterpriseOf(c.db, c.tenantId, [row.id])).get(row.id)!;
  const patched = applyPatch(resource, operations, [ENTERPRISE_SCHEMA]);
  const write = await writeUser(c, row, current, readUser(patched, { resource, row }));
  return { write, resource: await resourceOf(c, (await findScimUser(c.db, c.tenantId, row.id))!) };
}

/** DELETE does what the tenant chose (disable, the default, or delete); a disabled person stays listed as active: false. */
export async function deleteUser(c: ScimContext, id: string): Promise<UserWrite> {
  const row = await rowOf(c, id);
  const name = `${row.firstname} ${row.lastname}`;
  if ((await loadOnDelete(c.db, c.tenantId)) === 'delete') {
    describeActivity({ action: 'user.delete', entity: 'user', entityId: row.id, entityName: name });
    await removePerson(c.db, c.tenantId, row.id);
    return 'delete';
  }
  if (!row.enabled) return 'none';
  const user = (await findUser(c.db, c.tenantId, row.id))!;
  await setPersonStatus(c.db, c.jobs, c.tenantId, user, false, async () =>
    describeActivity({
      action: 'user.disable',
      entity: 'user',
      entityId: row.id,
      entityName: name,
      before: { enabled: true },
      after: { enabled: false },
    }),
  );
  return 'disable';
}
