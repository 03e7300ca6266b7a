import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { INSPECTIONS_KEY, inspectionApi } from './inspectionApi';

/** A form template by name: the active ones to start with, or every one to filter by. */
export function TemplateSelect({
  value,
  onChange,
  status,
  label,
  required,
  size,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  status: 'active' | 'all';
  label: string;
  required?: boolean;
  size?: 'small' | 'medium';
}) {
  const translate = useTranslate();
  const templates = useQuery({
    queryKey: [INSPECTIONS_KEY, 'templates', status],
    queryFn: () => inspectionApi.templates(status),
  });
  const rows = templates.data?.data ?? [];
  return (
    <TextField
      select
      margin="none"
      size={size}
      required={required}
      label={label}
      value={rows.some((t) => t.id === value) ? String(value) : ''}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      error={templates.error != null}
      helperText={
        templates.error instanceof Error
          ? templates.error.message
          : status === 'active' && templates.isSuccess && rows.length === 0
            ? translate('inspections.start.no_templates')
            : undefined
      }
      sx={{ width: size === 'small' ? { xs: '100%', sm: 220 } : '100%' }}
    >
      {!required && <MenuItem value="">{translate('inspections.filters.any_template')}</MenuItem>}
      {rows.map((template) => (
        <MenuItem key={template.id} value={String(template.id)}>
          {translate('inspections.template_version', { name: template.name, version: template.version })}
        </MenuItem>
      ))}
    </TextField>
  );
}
