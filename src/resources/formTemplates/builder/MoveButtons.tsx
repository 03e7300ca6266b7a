import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';

/**
 * Up, down and remove for one section or question, named after it ("Move question 3 up"): the
 * keyboard's way of reordering, with no dragging needed.
 */
export function MoveButtons({
  name,
  first,
  last,
  onMove,
  onRemove,
}: {
  /** "question 3", "section 1". */
  name: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ ml: 'auto' }}>
      <IconButton
        aria-label={translate('form_templates.actions.move_up', { name })}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        <ArrowUpwardIcon />
      </IconButton>
      <IconButton
        aria-label={translate('form_templates.actions.move_down', { name })}
        disabled={last}
        onClick={() => onMove(1)}
      >
        <ArrowDownwardIcon />
      </IconButton>
      <IconButton aria-label={translate('form_templates.actions.remove', { name })} onClick={onRemove}>
        <DeleteOutlineIcon />
      </IconButton>
    </Stack>
  );
}
