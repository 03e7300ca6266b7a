import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import {
  DEFAULT_MAX_ACTIVE_WORKSPACE,
  type TenantCreateBody,
  type TenantRecord,
} from '../../../contract/api/tenants';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import type { PageProps } from '../../routing/types';
import { TenantInputs } from './TenantInputs';
import { ALL_MODULES } from './tenantChoices';
import { TENANT_PATHS } from './tenantPaths';

const defaults: Partial<TenantCreateBody> = {
  modules: ALL_MODULES,
  max_active_workspace: DEFAULT_MAX_ACTIVE_WORKSPACE,
};

/** Spec §2 /tenant-management/create: provisions the tenant and invites its first administrator. */
export default function TenantCreate({ title }: PageProps) {
  useDocumentTitle(title);
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (
    <Create<TenantRecord>
      title={title}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (record, variables) => {
          const email = (variables as { data?: Partial<TenantCreateBody> }).data?.admin_email ?? '';
          notify(translate('tenants.notify.created', { name: record.name, email }), { type: 'success' });
          redirect(() => TENANT_PATHS.list);
        },
      }}
    >
      <SimpleForm defaultValues={defaults} sx={{ maxWidth: 720 }}>
        <TenantInputs mode="create" />
      </SimpleForm>
    </Create>
  );
}
