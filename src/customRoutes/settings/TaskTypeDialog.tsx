import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { TaskType } from '../../../contract/api/tasks';
import { DEFAULT_LANGUAGE, LANGUAGE_TABLE, LANGUAGES, type Language } from '../../../contract/languages';
import { TASK_TYPE_ICONS, TaskTypeIcon } from '../../components/TaskTypeIcon';
import { useSessionUser } from '../../hooks/useSession';
import type { AppDataProvider } from '../../providers/dataProvider';
import { ApiError } from '../../providers/httpClient';

interface Values {
  name: string;
  /** The name for readers of each other language; empty: they read `name`. */
  names: Record<string, string>;
  description: string;
  colour: string;
  secondary_colour: string;
  icon: string;
}

const EMPTY: Values = {
  name: '',
  names: {},
  description: '',
  colour: '#1976d2',
  secondary_colour: '#e3f2fd',
  icon: 'Assignment',
};

/** Adds a task type, or edits one; the server's refusals show under their fields. */
export function TaskTypeDialog({
  type,
  onClose,
  onSaved,
}: {
  type: TaskType | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const fullScreen = useMediaQuery('(max-width:767px)');
  const [values, setValues] = useState<Values>(
    type
      ? {
          name: type.name,
          names: type.names,
          description: type.description,
          colour: type.colour,
          secondary_colour: type.secondary_colour,
          icon: type.icon,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // `name` is worded in the tenant's default language; each other language may have its own.
  const defaultLanguage = useSessionUser()?.settings.language ?? DEFAULT_LANGUAGE;
  const others = LANGUAGES.filter((language) => language !== defaultLanguage);

  const save = useMutation({
    mutationFn: () => {
      // Every other language's name, an empty one clearing it; the default's is `name` itself.
      const body = { ...values, names: Object.fromEntries(others.map((l) => [l, values.names[l] ?? ''])) };
      return type ? dataProvider.updateTaskType({ id: type.id, ...body }) : dataProvider.createTaskType(body);
    },
    onSuccess: () => {
      notify(type ? 'settings.task_types.saved' : 'settings.task_types.added', { type: 'info' });
      onSaved();
    },
    onError: (e: Error) => {
      if (e instanceof ApiError && Object.keys(e.errors).length) setErrors(e.errors);
      else notify(e.message, { type: 'error' });
    },
  });

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const setName = (language: Language) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, names: { ...v.names, [language]: event.target.value } }));
    setErrors(({ [`names.${language}`]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: translate('settings.task_types.name_required') });
      return;
    }
    save.mutate();
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>
          {translate(type ? 'settings.task_types.edit_title' : 'settings.task_types.add_title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={translate('settings.task_types.name_in', {
                language: LANGUAGE_TABLE[defaultLanguage].name,
              })}
              value={values.name}
              onChange={set('name')}
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={errors.name ?? translate('settings.task_types.name_default_hint')}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            {others.map((language) => (
              <TextField
                key={language}
                label={translate('settings.task_types.name_in', { language: LANGUAGE_TABLE[language].name })}
                value={values.names[language] ?? ''}
                onChange={setName(language)}
                error={Boolean(errors[`names.${language}`])}
                helperText={
                  errors[`names.${language}`] ??
                  translate('settings.task_types.name_other_hint', { name: values.name.trim() || '…' })
                }
                slotProps={{ htmlInput: { maxLength: 60, lang: language } }}
              />
            ))}
            <TextField
              label={translate('settings.task_types.description')}
              value={values.description}
              onChange={set('description')}
              multiline
              minRows={2}
              error={Boolean(errors.description)}
              helperText={errors.description}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="color"
                label={translate('settings.task_types.colour')}
                value={values.colour}
                onChange={set('colour')}
                error={Boolean(errors.colour)}
                helperText={errors.colour ?? values.colour}
                fullWidth
              />
              <TextField
                type="color"
                label={translate('settings.task_types.secondary_colour')}
                value={values.secondary_colour}
                onChange={set('secondary_colour')}
                error={Boolean(errors.secondary_colour)}
                helperText={errors.secondary_colour ?? values.secondary_colour}
                fullWidth
              />
            </Stack>
            <TextField
              select
              label={translate('settings.task_types.icon')}
              value={TASK_TYPE_ICONS.includes(values.icon) ? values.icon : 'Assignment'}
              onChange={set('icon')}
              error={Boolean(errors.icon)}
              helperText={errors.icon}
            >
              {TASK_TYPE_ICONS.map((name) => (
                <MenuItem key={name} value={name}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <TaskTypeIcon name={name} fontSize="small" sx={{ color: values.colour }} />
                    <span>{name}</span>
                  </Stack>
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
