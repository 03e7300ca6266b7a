import {
  DEFAULT_MAX_ACTIVE_WORKSPACE,
  type TenantCreateBody,
  type TenantRecord,
} from '../../../contract/api/tenants';
import { RecordCreate } from '../../components/RecordScreens';
import type { PageProps } from '../../routing/types';
import { TenantInputs } from './TenantInputs';
import { ALL_MODULES } from './tenantChoices';
import { TENANT_PATHS } from './tenantPaths';

const defaults: Partial<TenantCreateBody> = {
  modules: ALL_MODULES,
  max_active_workspace: DEFAULT_MAX_ACTIVE_WORKSPACE,
};

const toList = () => TENANT_PATHS.list;

/** Spec §2 /tenant-management/create: provisions the tenant and invites its first administrator. */
export default function TenantCreate({ title }: PageProps) {
  return (
    <RecordCreate<TenantRecord>
      title={title}
      confirm={(tenant, sent) => [
        'tenants.notify.created',
        { name: tenant.name, email: sent.admin_email ?? '' },
      ]}
      then={toList}
      form={{ defaultValues: defaults, sx: { maxWidth: 720 } }}
    >
      <TenantInputs mode="create" />
    </RecordCreate>
  );
}
