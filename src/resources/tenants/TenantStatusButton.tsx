import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { useMutation } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { TenantRecord } from '../../../contract/api/tenants';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * Disables or enables a tenant after a confirmation: disabling signs every one of its users out at
 * once and refuses their sign-ins until it is enabled again.
 */
export function TenantStatusButton({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  const record = useRecordContext<TenantRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const { mutate, isPending: busy } = useMutation({
    mutationFn: ({ tenant, action }: { tenant: TenantRecord; action: 'enable' | 'disable' }) =>
      dataProvider.setTenantStatus(tenant.id, action),
    onSuccess: (_, { tenant, action }) => {
      notify(`tenants.notify.${action}d`, { type: 'success', messageArgs: { name: tenant.name } });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record) return null;
  const disabling = record.status === 'active';
  const action = disabling ? 'disable' : 'enable';

  return (
    <>
      <Button
        label={`tenants.actions.${action}`}
        color={disabling ? 'error' : 'primary'}
        variant={variant}
        disabled={busy}
        onClick={(event: MouseEvent) => {
          // Inside a list row the click would also open the tenant.
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {disabling ? <BlockIcon /> : <CheckCircleOutlineIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`tenants.confirm.${action}_title`}
        content={`tenants.confirm.${action}_body`}
        translateOptions={{ name: record.name }}
        confirm={`tenants.actions.${action}`}
        confirmColor={disabling ? 'warning' : 'primary'}
        onConfirm={() => mutate({ tenant: record, action })}
        onClose={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen(false);
        }}
      />
    </>
  );
}
