import { type SQL, sql } from 'drizzle-orm';
import { containing } from '../../../lib/like';
import { invalidFilter } from './errors';
import type { CompareOp, Filter, FilterValue } from './filter';

/**
 * A filterable attribute as SQL: `ci` text compares case-blind (caseExact false, as userName and
 * displayName are), `exact` text as written (externalId), `boolean`, `date` (meta.created…) and `id`
 * (eq/ne only; a value that is not an id matches nothing rather than failing).
 */
export interface FilterAttribute {
  expr: SQL;
  type: 'ci' | 'exact' | 'boolean' | 'date' | 'id';
}

export type Leaf = Exclude<Filter, { kind: 'and' | 'or' | 'not' }>;

/** The filter as one SQL condition; `leaf` turns each comparison of the resource into SQL. */
export function filterSql(filter: Filter, leaf: (node: Leaf) => SQL): SQL {
  switch (filter.kind) {
    case 'and':
      return sql`(${filterSql(filter.left, leaf)} AND ${filterSql(filter.right, leaf)})`;
    case 'or':
      return sql`(${filterSql(filter.left, leaf)} OR ${filterSql(filter.right, leaf)})`;
    case 'not':
      return sql`(NOT COALESCE(${filterSql(filter.filter, leaf)}, false))`;
    default:
      return leaf(filter);
  }
}

const ORDERED: Record<string, string> = { gt: '>', ge: '>=', lt: '<', le: '<=' };

const unsupported = (path: string, op: CompareOp) =>
  invalidFilter(`The filter cannot compare “${path}” with “${op}”.`);

/** One comparison of an attribute with a value. */
export function compareSql(attribute: FilterAttribute, path: string, op: CompareOp, value: FilterValue): SQL {
  const { expr, type } = attribute;
  if (value === null) {
    if (op === 'eq') return sql`(${expr} IS NULL)`;
    if (op === 'ne') return sql`(${expr} IS NOT NULL)`;
    throw unsupported(path, op);
  }
  if (type === 'boolean') {
    const wanted = typeof value === 'boolean' ? value : String(value).toLowerCase() === 'true';
    if (typeof value !== 'boolean' && !/^(true|false)$/i.test(String(value)))
      throw invalidFilter(
        `The filter compares “${path}”, a boolean, with ${JSON.stringify(value)}: use true or false.`,
      );
    if (op === 'eq') return sql`(${expr} = ${wanted})`;
    if (op === 'ne') return sql`(${expr} <> ${wanted})`;
    throw unsupported(path, op);
  }
  if (type === 'id') {
    const id = /^\d{1,9}$/.test(String(value)) ? Number(value) : null;
    if (op === 'eq') return id === null ? sql`false` : sql`(${expr} = ${id})`;
    if (op === 'ne') return id === null ? sql`true` : sql`(${expr} <> ${id})`;
    throw unsupported(path, op);
  }
  if (type === 'date') {
    const at = new Date(String(value));
    if (Number.isNaN(at.getTime()))
      throw invalidFilter(
        `The filter compares “${path}” with ${JSON.stringify(value)}, which is not a date and time.`,
      );
    const symbol = op === 'eq' ? '=' : op === 'ne' ? '<>' : ORDERED[op];
    if (!symbol) throw unsupported(path, op);
    return sql`(${expr} ${sql.raw(symbol)} ${at.toISOString()}::timestamptz)`;
  }
  const text = String(value);
  const [left, right] = type === 'ci' ? [sql`lower(${expr})`, text.toLowerCase()] : [expr, text];
  switch (op) {
    case 'eq':
      return sql`(${left} = ${right})`;
    case 'ne':
      return sql`(${left} IS DISTINCT FROM ${right})`;
    case 'co':
      return sql`(${left} LIKE ${containing(right)})`;
    case 'sw':
      return sql`(${left} LIKE ${`${containing(right).slice(1)}`})`;
    case 'ew':
      return sql`(${left} LIKE ${`${containing(right).slice(0, -1)}`})`;
    default:
      return sql`(${left} ${sql.raw(ORDERED[op]!)} ${right})`;
  }
}

/** `attribute pr`: it has a value (an empty text is no value). */
export const presentSql = (attribute: FilterAttribute) =>
  attribute.type === 'ci' || attribute.type === 'exact'
    ? sql`(${attribute.expr} IS NOT NULL AND ${attribute.expr} <> '')`
    : sql`(${attribute.expr} IS NOT NULL)`;

/** The attribute a leaf names, from the resource's table of them (keys in lower case). */
export function attributeOf(attributes: Record<string, FilterAttribute>, path: string): FilterAttribute {
  const found = attributes[path.toLowerCase()];
  if (!found) throw invalidFilter(`The filter names “${path}”, which this service cannot filter on.`);
  return found;
}
