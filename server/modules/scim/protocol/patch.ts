import { invalidPath, invalidSyntax, invalidValue, mutability, noTarget } from './errors';
import { bareAttribute, type Filter, parseFilter } from './filter';

/*
 * PATCH (RFC 7644 §3.5.2) applied to a resource's JSON as the service answers it; the resource's
 * mapping then reads the result back as a whole (users.ts, groups.ts). So every spelling the
 * identity providers send lands in one place: Entra ID's "Replace"/"Add"/"Remove", a path-less
 * replace whose value is an object of attributes (some of them dotted paths: {"name.givenName": …}),
 * `emails[type eq "work"].value`, an extension's `urn:…:enterprise:2.0:User:employeeNumber`, Okta's
 * `members[value eq "…"]`.
 */

type Doc = Record<string, unknown>;
export type PatchOperation = { op: string; path?: string; value?: unknown };

interface Path {
  /** The key in the document (an extension's URN, or a core attribute as the document spells it). */
  attribute: string;
  /** Inside an extension: its attribute. */
  extension?: string;
  filter?: Filter;
  sub?: string;
}

const isObject = (value: unknown): value is Doc =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The document's own spelling of a name (attribute names are case-blind, RFC 7643 §2.1). */
const keyIn = (doc: Doc, name: string) =>
  Object.keys(doc).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;

function parsePath(doc: Doc, raw: string, extensions: readonly string[]): Path {
  const text = raw.trim();
  const urn = extensions.find((e) => text.toLowerCase().startsWith(e.toLowerCase()));
  if (urn) {
    const rest = text.slice(urn.length);
    if (rest === '') return { attribute: urn };
    if (!rest.startsWith(':')) throw invalidPath(`The path “${raw}” names no attribute of ${urn}.`);
    const [extension = '', sub] = rest.slice(1).split('.');
    return { attribute: urn, extension, sub };
  }
  const bare = bareAttribute(text);
  const bracket = bare.indexOf('[');
  if (bracket >= 0) {
    const close = bare.lastIndexOf(']');
    if (close < bracket) throw invalidPath(`The path “${raw}” has a “[” without its “]”.`);
    const attribute = bare.slice(0, bracket);
    const after = bare.slice(close + 1);
    if (after !== '' && !/^\.[A-Za-z][\w$-]*$/.test(after))
      throw invalidPath(`The path “${raw}” has something after “]” that is not “.subAttribute”.`);
    let filter: Filter;
    try {
      filter = parseFilter(bare.slice(bracket + 1, close));
    } catch (error) {
      throw invalidPath(
        `The path “${raw}” has a filter this service cannot read: ${(error as Error).message}`,
      );
    }
    return { attribute: keyIn(doc, attribute), filter, sub: after ? after.slice(1) : undefined };
  }
  if (!/^[A-Za-z$][\w$-]*(\.[A-Za-z$][\w$-]*)?$/.test(bare))
    throw invalidPath(
      `The path “${raw}” is not an attribute path (e.g. name.givenName or emails[type eq "work"].value).`,
    );
  const [attribute = '', sub] = bare.split('.');
  return { attribute: keyIn(doc, attribute), sub };
}

/** Whether an element of a multi-valued attribute matches a path's filter (case-blind text). */
export function matches(element: unknown, filter: Filter): boolean {
  switch (filter.kind) {
    case 'and':
      return matches(element, filter.left) && matches(element, filter.right);
    case 'or':
      return matches(element, filter.left) || matches(element, filter.right);
    case 'not':
      return !matches(element, filter.filter);
    case 'valuePath':
      return false;
    case 'present': {
      const v = isObject(element) ? element[keyIn(element, filter.path)] : undefined;
      return v !== undefined && v !== null && v !== '';
    }
    case 'compare': {
      const raw = isObject(element) ? element[keyIn(element, filter.path)] : element;
      const [a, b] = [String(raw ?? '').toLowerCase(), String(filter.value ?? '').toLowerCase()];
      switch (filter.op) {
        case 'eq':
          return raw !== undefined && a === b;
        case 'ne':
          return a !== b;
        case 'co':
          return a.includes(b);
        case 'sw':
          return a.startsWith(b);
        case 'ew':
          return a.endsWith(b);
        default:
          return false;
      }
    }
  }
}

/** `type eq "work"` (and such, joined by and): the element a replace or add makes when none matches. */
function elementOf(filter: Filter): Doc | undefined {
  if (filter.kind === 'compare' && filter.op === 'eq') return { [filter.path]: filter.value };
  if (filter.kind === 'and') {
    const [l, r] = [elementOf(filter.left), elementOf(filter.right)];
    return l && r ? { ...l, ...r } : undefined;
  }
  return undefined;
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** Multi-valued attributes hold their values once: by `value` when they have one. */
function union(existing: unknown[], added: unknown[]): unknown[] {
  const out = [...existing];
  for (const item of added) {
    const key = isObject(item) && 'value' in item ? String(item.value) : JSON.stringify(item);
    const at = out.findIndex(
      (e) => (isObject(e) && 'value' in e ? String(e.value) : JSON.stringify(e)) === key,
    );
    if (at >= 0) out[at] = isObject(out[at]) && isObject(item) ? { ...(out[at] as Doc), ...item } : item;
    else out.push(item);
  }
  return out;
}

function setIn(doc: Doc, path: Path, value: unknown, op: 'add' | 'replace', raw: string): void {
  const { attribute } = path;
  if (path.extension !== undefined) {
    const ext = isObject(doc[attribute]) ? (doc[attribute] as Doc) : {};
    const key = keyIn(ext, path.extension);
    if (path.sub) ext[key] = { ...(isObject(ext[key]) ? (ext[key] as Doc) : {}), [path.sub]: value };
    else
      ext[key] =
        isObject(value) && isObject(ext[key]) && op === 'add' ? { ...(ext[key] as Doc), ...value } : value;
    doc[attribute] = ext;
    return;
  }
  if (path.filter) {
    const list = Array.isArray(doc[attribute]) ? [...(doc[attribute] as unknown[])] : [];
    let hit = false;
    const out = list.map((element) => {
      if (!matches(element, path.filter!)) return element;
      hit = true;
      if (path.sub) return { ...(isObject(element) ? element : {}), [path.sub]: value };
      return isObject(value) ? { ...(isObject(element) ? element : {}), ...value } : value;
    });
    if (!hit) {
      const made = elementOf(path.filter);
      if (!made) throw noTarget(`No value of “${attribute}” matches the path “${raw}”.`);
      out.push(path.sub ? { ...made, [path.sub]: value } : { ...made, ...(isObject(value) ? value : {}) });
    }
    doc[attribute] = out;
    return;
  }
  if (path.sub) {
    const parent = isObject(doc[attribute]) ? (doc[attribute] as Doc) : {};
    doc[attribute] = { ...parent, [keyIn(parent, path.sub)]: value };
    return;
  }
  const current = doc[attribute];
  if (op === 'add' && Array.isArray(current)) doc[attribute] = union(current, asList(value));
  else if (op === 'add' && isObject(current) && isObject(value)) doc[attribute] = { ...current, ...value };
  else doc[attribute] = value;
}

function removeIn(doc: Doc, path: Path, value: unknown): void {
  const { attribute } = path;
  if (path.extension !== undefined) {
    const ext = doc[attribute];
    if (!isObject(ext)) return;
    const key = keyIn(ext, path.extension);
    if (path.sub && isObject(ext[key])) delete (ext[key] as Doc)[path.sub];
    else delete ext[key];
    return;
  }
  if (path.filter) {
    const list = doc[attribute];
    if (!Array.isArray(list)) return;
    doc[attribute] = path.sub
      ? list.map((e) => {
          if (!matches(e, path.filter!) || !isObject(e)) return e;
          const { [path.sub!]: _, ...rest } = e;
          return rest;
        })
      : list.filter((e) => !matches(e, path.filter!));
    return;
  }
  if (path.sub) {
    const parent = doc[attribute];
    if (isObject(parent)) delete parent[keyIn(parent, path.sub)];
    return;
  }
  // Entra ID removes members by value: {"op":"Remove","path":"members","value":[{"value":"…"}]}.
  if (value !== undefined && Array.isArray(doc[attribute])) {
    const gone = new Set(asList(value).map((v) => (isObject(v) ? String(v.value) : String(v))));
    doc[attribute] = (doc[attribute] as unknown[]).filter(
      (e) => !gone.has(isObject(e) ? String(e.value) : String(e)),
    );
    return;
  }
  delete doc[attribute];
}

/**
 * Applies the operations in order to a copy of `resource` and answers the result. `readOnly`
 * attributes (id, meta…) may not be the target; `extensions` are the schema URNs the resource has.
 */
export function applyPatch(
  resource: Doc,
  operations: readonly PatchOperation[],
  extensions: readonly string[],
  readOnly: readonly string[] = ['id', 'meta', 'schemas'],
): Doc {
  const doc = structuredClone(resource);
  for (const [i, operation] of operations.entries()) {
    const op = String(operation.op ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw invalidSyntax(`Operation ${i + 1} has op “${operation.op}”: use add, replace or remove.`);
    if (operation.path === undefined || operation.path === '') {
      if (op === 'remove') throw noTarget(`Operation ${i + 1} removes without a path: say what to remove.`);
      if (!isObject(operation.value))
        throw invalidValue(`Operation ${i + 1} has no path, so its value must be an object of attributes.`);
      for (const [key, value] of Object.entries(operation.value)) {
        if (readOnly.includes(key.toLowerCase())) continue;
        const path = parsePath(doc, key, extensions);
        // A path-less value of an extension is that extension's attributes, merged in.
        setIn(
          doc,
          path,
          value,
          path.extension === undefined && path.attribute.startsWith('urn:') ? 'add' : op,
          key,
        );
      }
      continue;
    }
    const path = parsePath(doc, operation.path, extensions);
    if (readOnly.includes(path.attribute.toLowerCase()))
      throw mutability(`The attribute “${path.attribute}” is read-only: the service sets it.`);
    if (op === 'remove') removeIn(doc, path, operation.value);
    else {
      if (operation.value === undefined)
        throw invalidValue(`Operation ${i + 1} (${op} ${operation.path}) has no value.`);
      setIn(doc, path, operation.value, op, operation.path);
    }
  }
  return doc;
}
