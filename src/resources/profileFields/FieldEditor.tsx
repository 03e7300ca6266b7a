import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCreate, useNotify, useTranslate, useUpdate } from 'react-admin';
import { PROFILE_FIELD_TYPES, type ProfileField } from '../../../contract/api/profile';
import { ApiError } from '../../providers/httpClient';
import { draftProblems, EMPTY_DRAFT, type FieldDraft, shortNameFrom, toBody, toDraft } from './fieldForm';

interface FieldEditorProps {
  /** The field being edited; none when adding one. */
  field?: ProfileField;
  onDone: () => void;
}

/** The inline form of Profile Management: add a field, or edit one in place. */
export function FieldEditor({ field, onDone }: FieldEditorProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create, creating] = useCreate();
  const [update, updating] = useUpdate();
  const [draft, setDraft] = useState<FieldDraft>(field ? toDraft(field) : EMPTY_DRAFT);
  // The short name follows the name until someone types one of their own.
  const [shortTouched, setShortTouched] = useState(field !== undefined);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const builtIn = field?.built_in === true;
  const problems = draftProblems(draft);
  const busy = creating.isPending || updating.isPending;

  const set = <K extends keyof FieldDraft>(key: K, value: FieldDraft[K]) => {
    setServerErrors((e) => ({ ...e, [key]: '' }));
    setDraft((d) => {
      const next = { ...d, [key]: value };
      if (key === 'name' && !shortTouched) next.short_name = shortNameFrom(String(value));
      return next;
    });
  };

  const errorOf = (key: keyof FieldDraft) => {
    if (serverErrors[key]) return serverErrors[key];
    const problem = submitted ? problems[key] : undefined;
    return problem ? translate(problem) : undefined;
  };

  const onError = (error: unknown) => {
    if (error instanceof ApiError) setServerErrors(error.errors);
    notify((error as Error).message, { type: 'error' });
  };

  const save = () => {
    setSubmitted(true);
    if (Object.keys(problems).length) return;
    const data = toBody(draft);
    const options = {
      onSuccess: () => {
        notify(field ? 'profile_fields.notify.updated' : 'profile_fields.notify.created', {
          type: 'success',
          messageArgs: { name: data.name },
        });
        onDone();
      },
      onError,
    };
    if (field)
      update(
        'profile-fields',
        { id: field.id, data, previousData: field },
        { ...options, mutationMode: 'pessimistic' },
      );
    else create('profile-fields', { data }, options);
  };

  const helper = (key: keyof FieldDraft, fallback?: string) =>
    errorOf(key) ?? (fallback ? translate(fallback) : undefined);

  return (
    <Box
      component="form"
      data-testid="profile-field-editor"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          label={translate('profile_fields.fields.name')}
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          error={Boolean(errorOf('name'))}
          helperText={helper('name')}
          required
          autoFocus
          size="small"
          sx={{ flex: '2 1 220px' }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          label={translate('profile_fields.fields.short_name')}
          value={draft.short_name}
          onChange={(e) => {
            setShortTouched(true);
            set('short_name', e.target.value);
          }}
          error={Boolean(errorOf('short_name'))}
          helperText={helper('short_name')}
          disabled={builtIn}
          required
          size="small"
          sx={{ flex: '1 1 180px' }}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <TextField
          select
          label={translate('profile_fields.fields.type')}
          value={draft.type}
          onChange={(e) => set('type', e.target.value as FieldDraft['type'])}
          disabled={builtIn}
          size="small"
          sx={{ flex: '1 1 180px' }}
        >
          {PROFILE_FIELD_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`profile_fields.types.${t}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {draft.type === 'select' && (
        <TextField
          label={translate('profile_fields.fields.options')}
          value={draft.options}
          onChange={(e) => set('options', e.target.value)}
          error={Boolean(errorOf('options'))}
          helperText={helper('options', 'profile_fields.helpers.options')}
          multiline
          minRows={3}
          size="small"
          fullWidth
          sx={{ mt: 2 }}
        />
      )}
      {builtIn && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('profile_fields.helpers.built_in')}
        </Typography>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <FormControlLabel
          control={<Switch checked={draft.required} onChange={(e) => set('required', e.target.checked)} />}
          label={translate('profile_fields.fields.required')}
        />
        <FormControlLabel
          control={<Switch checked={draft.active} onChange={(e) => set('active', e.target.checked)} />}
          label={translate('profile_fields.fields.active')}
        />
        <Box sx={{ flex: 1 }} />
        <Button onClick={onDone} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
}
