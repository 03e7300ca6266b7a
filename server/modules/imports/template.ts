import {
  type ImportFormat,
  type ImportKind,
  USER_IMPORT_COLUMNS,
  WORKSPACE_IMPORT_COLUMNS,
} from '../../../contract/api/imports';
import type { Db } from '../../db/client';
import { type Caller, inScope } from '../../lib/caller';
import { type Download, tableDownload } from '../../lib/spreadsheet';
import { tenantNodes } from '../hierarchy/service';
import { beyond } from '../roles/grants';
import { callerGrants, rolesWithGrants } from '../roles/service';
import { NodeIndex } from './nodes';
import { profileColumns } from './people';

/**
 * A template to fill: the kind's columns (people also get the tenant's profile fields) and one
 * example row made of the caller's own organisation, so the example imports as it stands.
 */
export async function template(
  db: Db,
  caller: Caller,
  kind: ImportKind,
  format: ImportFormat,
): Promise<Download> {
  const all = await tenantNodes(db, caller.tenantId);
  const nodes = new NodeIndex(all);
  const mine = all.filter((n) => inScope(caller, n.path) && n.status === 'active');
  if (kind === 'user') {
    const [fields, roles, held] = await Promise.all([
      profileColumns(db, caller.tenantId),
      rolesWithGrants(db, caller.tenantId),
      callerGrants(db, caller),
    ]);
    const store = mine.find((n) => n.type === 'workspace') ?? mine[0];
    // The least a caller may give: the assignable role granting the fewest capabilities.
    const role = roles
      .filter((r) => beyond(held, r.grants).length === 0)
      .sort((a, b) => count(a.grants) - count(b.grants))[0];
    // One header style throughout: profile fields by their short names, like the other columns.
    const header = [...USER_IMPORT_COLUMNS, ...fields.map((f) => f.shortName)];
    const example = [
      'Jane',
      'Citizen',
      'jane.citizen@example.com',
      role?.name ?? '',
      store ? nodes.pathOf(store) : '',
      '',
      'yes',
      ...fields.map(() => ''),
    ];
    return tableDownload({ title: 'people-import-template', header, rows: [example] }, format);
  }
  const container = mine.find((n) => n.type === 'container') ?? mine.find((n) => n.type === 'root');
  const zone = mine.find((n) => n.object?.timezone)?.object?.timezone ?? 'Australia/Sydney';
  const example = [
    'STORE-001',
    'Example Store',
    container ? nodes.pathOf(container) : '',
    '1 George Street',
    '',
    'Sydney',
    'Sydney',
    'NSW',
    '2000',
    '02 9000 0000',
    '',
    new Date().toISOString().slice(0, 10),
    zone,
    'active',
  ];
  return tableDownload(
    { title: 'stores-import-template', header: [...WORKSPACE_IMPORT_COLUMNS], rows: [example] },
    format,
  );
}

const count = (grants: { enabled: boolean; capabilities: string[] }[]) =>
  grants.reduce((n, g) => n + (g.enabled ? g.capabilities.length : 0), 0);
