import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** Which nodes the toolbar acts on: the ticked ones (with a way to untick them) or the highlighted one. */
export function ActingOn({ names, ticked, onClear }: { names: string; ticked: number; onClear: () => void }) {
  const translate = useTranslate();
  if (!names) return null;
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', gap: 1, mb: 0.5, minHeight: 30, minWidth: 0 }}
      data-testid="hierarchy-acting-on"
    >
      <Typography
        variant="body2"
        color="text.secondary"
        title={names}
        // Two lines at most: a long list of ticked names is cut, the full list is in the tooltip.
        sx={{
          minWidth: 0,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {ticked > 0
          ? translate('hierarchy.acting_on_ticked', { smart_count: ticked, names })
          : translate('hierarchy.acting_on', { name: names })}
      </Typography>
      {ticked > 0 && (
        <Button size="small" onClick={onClear} sx={{ flexShrink: 0 }}>
          {translate('hierarchy.untick')}
        </Button>
      )}
    </Stack>
  );
}
