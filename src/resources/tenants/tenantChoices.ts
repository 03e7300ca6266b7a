import { ADMIN_TENANT_MODULES, MODULE_IDS, MODULES } from '../../../contract/modules';
import { messageChoices } from '../../i18n/choices';

/** Every module a customer tenant can be given (tenant management never). */
export const MODULE_CHOICES = MODULE_IDS.filter((id) => !ADMIN_TENANT_MODULES.includes(id)).map((id) => ({
  id,
  name: MODULES[id].label,
}));

export const ALL_MODULES = MODULE_CHOICES.map((c) => c.id);

export const STATUS_CHOICES = messageChoices('tenants.status', ['active', 'disabled']);

/** "Initech Corp." → "initech-corp": a suggestion for the identifier while the name is typed. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
