import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { INSPECTION_STATUSES } from '../../../contract/api/inspections';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { NodePicker } from '../../components/NodePicker';
import { InspectorFilter } from './InspectorFilter';
import type { InspectionParams } from './inspectionParams';
import { TemplateSelect } from './TemplateSelect';

/** A percentage bound, sent once typing pauses and only when it is one (0 to 100). */
function ScoreBound({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  useEffect(() => {
    const n = text.trim() === '' ? undefined : Number(text);
    if (n === value || (n !== undefined && !(n >= 0 && n <= 100))) return;
    const timer = setTimeout(() => onChange(n), 400);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      margin="none"
      type="number"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{ htmlInput: { min: 0, max: 100, inputMode: 'decimal' } }}
      sx={{ width: { xs: 'calc(50% - 6px)', sm: 110 } }}
    />
  );
}

/** The list's filters: template, place, inspector, status, the dates and the score's bounds. */
export function InspectionFilters({
  params,
  update,
}: {
  params: InspectionParams;
  update: (changes: Partial<InspectionParams>) => void;
}) {
  const translate = useTranslate();
  const { page: _page, ...filters } = params;
  const any = Object.values(filters).some((v) => v !== undefined);
  return (
    <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <TemplateSelect
        status="all"
        size="small"
        label={translate('inspections.filters.template')}
        value={params.template_id}
        onChange={(template_id) => update({ template_id })}
      />
      <Box sx={{ width: { xs: '100%', sm: 260 }, '& .MuiFormControl-root': { my: 0 } }}>
        <NodePicker
          size="small"
          label={translate('inspections.filters.node')}
          value={params.node_id ?? null}
          onChange={(id) => update({ node_id: id ?? undefined })}
          includeWorkspaces
          allowEmptyContainers
        />
      </Box>
      <InspectorFilter value={params.inspector_id} onChange={(inspector_id) => update({ inspector_id })} />
      <TextField
        select
        size="small"
        margin="none"
        label={translate('inspections.filters.status')}
        value={params.status ?? ''}
        onChange={(event) =>
          update({ status: (event.target.value || undefined) as InspectionParams['status'] })
        }
        sx={{ width: { xs: '100%', sm: 160 } }}
      >
        <MenuItem value="">{translate('inspections.filters.any_status')}</MenuItem>
        {INSPECTION_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {translate(`inspections.status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <DateRangeFilter value={{ from: params.from ?? '', to: params.to ?? '' }} onChange={update} />
      <ScoreBound
        label={translate('inspections.filters.min_score')}
        value={params.min_score}
        onChange={(min_score) => update({ min_score })}
      />
      <ScoreBound
        label={translate('inspections.filters.max_score')}
        value={params.max_score}
        onChange={(max_score) => update({ max_score })}
      />
      {any && (
        <Button
          size="small"
          onClick={() =>
            update({
              template_id: undefined,
              node_id: undefined,
              inspector_id: undefined,
              status: undefined,
              from: undefined,
              to: undefined,
              min_score: undefined,
              max_score: undefined,
            })
          }
        >
          {translate('inspections.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
