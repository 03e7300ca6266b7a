import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface FormDialogProps {
  open: boolean;
  /** Already translated: titles often name what they are about. */
  title: string;
  submitLabel: string;
  busy: boolean;
  submitDisabled?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * A small dialog holding a form: its fields stacked, Cancel and the submit button; Enter submits.
 * While busy it cannot be closed, so an answer is never lost with its dialog.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  busy,
  submitDisabled,
  onClose,
  onSubmit,
  children,
}: FormDialogProps) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
