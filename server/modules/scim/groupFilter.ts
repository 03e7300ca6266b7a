import { type SQL, sql } from 'drizzle-orm';
import { invalidFilter } from './protocol/errors';
import { parseFilter } from './protocol/filter';
import {
  attributeOf,
  compareSql,
  type FilterAttribute,
  filterSql,
  type Leaf,
  presentSql,
} from './protocol/filterSql';

/** What a filter on Groups may name (RFC 7643 §4.2), as SQL over `scim_groups g`. */
const GROUP_ATTRIBUTES: Record<string, FilterAttribute> = {
  id: { expr: sql`g.id`, type: 'id' },
  displayname: { expr: sql`g.display_name`, type: 'ci' },
  externalid: { expr: sql`g.external_id`, type: 'exact' },
  'meta.created': { expr: sql`g.created_at`, type: 'date' },
  'meta.lastmodified': { expr: sql`g.updated_at`, type: 'date' },
};

const MEMBER_VALUE: FilterAttribute = { expr: sql`m.user_id`, type: 'id' };
const hasMember = (condition: SQL) =>
  sql`EXISTS (SELECT 1 FROM scim_group_members m WHERE m.tenant_id = g.tenant_id AND m.group_id = g.id AND ${condition})`;

/** `members[value eq "…"]` and `members.value eq "…"`: the groups a person is in. */
function groupLeaf(node: Leaf): SQL {
  const path = node.path.toLowerCase();
  if (node.kind === 'compare' && path === 'members.value')
    return hasMember(compareSql(MEMBER_VALUE, node.path, node.op, node.value));
  if (node.kind === 'valuePath' && path === 'members' && !node.sub) {
    const inner = node.filter;
    if (inner.kind === 'compare' && inner.path.toLowerCase() === 'value')
      return hasMember(compareSql(MEMBER_VALUE, inner.path, inner.op, inner.value));
    throw invalidFilter('A filter on members can only compare their value: members[value eq "…"].');
  }
  if (node.kind === 'present') return presentSql(attributeOf(GROUP_ATTRIBUTES, node.path));
  if (node.kind === 'compare')
    return compareSql(attributeOf(GROUP_ATTRIBUTES, node.path), node.path, node.op, node.value);
  throw invalidFilter(`The filter names “${node.path}[…]”, which this service cannot filter on.`);
}

/** A SCIM filter on Groups as one SQL condition over `scim_groups g`. */
export const groupFilter = (text: string): SQL => filterSql(parseFilter(text), groupLeaf);
