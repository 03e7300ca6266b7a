import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { type MouseEvent, useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { TenantRecord } from '../../../contract/api/tenants';
import { apiFetch } from '../../providers/httpClient';

/**
 * Disables or enables a tenant after a confirmation: disabling signs every one of its users out at
 * once and refuses their sign-ins until it is enabled again.
 */
export function TenantStatusButton({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  const record = useRecordContext<TenantRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const disabling = record.status === 'active';
  const action = disabling ? 'disable' : 'enable';

  const confirm = async () => {
    setBusy(true);
    try {
      await apiFetch<TenantRecord>(`/api/tenant/${action}`, {
        method: 'PUT',
        body: { id: record.id },
        fallback: translate(`tenants.errors.${action}`),
        failOnErrorFlag: true,
      });
      notify(`tenants.notify.${action}d`, { type: 'success', messageArgs: { name: record.name } });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : translate(`tenants.errors.${action}`), {
        type: 'error',
      });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

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
        onConfirm={confirm}
        onClose={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen(false);
        }}
      />
    </>
  );
}
