import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DragEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { ProfileField } from '../../../contract/api/profile';

export interface FieldRowProps {
  field: ProfileField;
  canEdit: boolean;
  canDelete: boolean;
  first: boolean;
  last: boolean;
  dragging: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMove: (direction: -1 | 1) => void;
  dragHandlers: {
    draggable: boolean;
    onDragStart: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
  };
}

/** One field of the ordered list: what it is, how many filled it in, and its actions. */
export function FieldRow(props: FieldRowProps) {
  const { field, canEdit, canDelete, first, last, dragging, dragHandlers } = props;
  const translate = useTranslate();
  return (
    <Box
      {...dragHandlers}
      data-testid={`profile-field-${field.short_name}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        opacity: dragging ? 0.4 : field.active ? 1 : 0.6,
        bgcolor: 'background.paper',
      }}
    >
      {canEdit && (
        <Tooltip title={translate('profile_fields.actions.drag')}>
          <DragIndicatorIcon sx={{ cursor: 'grab', color: 'text.secondary' }} aria-hidden />
        </Tooltip>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography fontWeight={500}>{field.name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {field.short_name}
          </Typography>
          <Chip size="small" label={translate(`profile_fields.types.${field.type}`)} />
          {field.built_in && (
            <Chip size="small" variant="outlined" label={translate('profile_fields.badges.built_in')} />
          )}
          {field.required && (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={translate('profile_fields.badges.required')}
            />
          )}
          {!field.active && <Chip size="small" label={translate('profile_fields.badges.inactive')} />}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {field.value_count === 0
            ? translate('profile_fields.values_none')
            : translate('profile_fields.values', { smart_count: field.value_count })}
          {field.type === 'select' && field.options.length > 0 && ` · ${field.options.join(', ')}`}
        </Typography>
      </Box>
      {canEdit && (
        <>
          <IconButton
            size="small"
            disabled={first}
            onClick={() => props.onMove(-1)}
            aria-label={translate('profile_fields.actions.move_up', { name: field.name })}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            disabled={last}
            onClick={() => props.onMove(1)}
            aria-label={translate('profile_fields.actions.move_down', { name: field.name })}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            onClick={props.onEdit}
            aria-label={`${translate('profile_fields.actions.edit')} ${field.name}`}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </>
      )}
      {canDelete && !field.built_in && (
        <IconButton
          size="small"
          color="error"
          onClick={props.onDelete}
          aria-label={`${translate('ra.action.delete')} ${field.name}`}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
