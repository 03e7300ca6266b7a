import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { TaskFileRef } from '../../../contract/api/mytasks';
import { EvidencePhoto } from '../../components/EvidencePhoto';

/** Sending a submission back: a reason is required; it may point at one of the photos. */
export function RejectDialog({
  open,
  photos,
  pending,
  error,
  onCancel,
  onReject,
}: {
  open: boolean;
  photos: readonly TaskFileRef[];
  pending: boolean;
  error: string | undefined;
  onCancel: () => void;
  onReject: (reason: string, attachment: string | undefined) => void;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing) onReject(reason.trim(), photo ?? undefined);
  };
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="reject-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reject-title">{translate('audit.reject_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            required
            label={translate('audit.reject_reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={(touched && missing) || error !== undefined}
            helperText={
              touched && missing
                ? translate('audit.reason_required')
                : (error ?? translate('audit.reason_help'))
            }
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            sx={{ mt: 1 }}
          />
          {photos.length > 0 && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {translate('audit.pin_photo')}
              </Typography>
              <ToggleButtonGroup
                exclusive
                value={photo}
                onChange={(_, value: string | null) => setPhoto(value)}
                sx={{ flexWrap: 'wrap', gap: 1 }}
              >
                {photos.map((file) => (
                  <ToggleButton
                    key={file.hash}
                    value={file.hash}
                    aria-label={file.name}
                    sx={{ p: 0.5, width: 88, border: 2, '&.Mui-selected': { borderColor: 'error.main' } }}
                  >
                    <EvidencePhoto hash={file.hash} mime={file.mime} alt={file.name} height={72} />
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={pending}>
            {translate('audit.reject')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
