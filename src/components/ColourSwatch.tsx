import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A colour as a small bordered patch beside what it colours (a department's dot, a theme
 * shade's square). Hidden from screen readers: the text beside it says what it is.
 */
export function ColourSwatch({
  colour,
  size = 14,
  round,
  sx,
}: {
  colour: string;
  size?: number;
  round?: boolean;
  /** Its space on either side. */
  sx: SxProps<Theme>;
}) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={[
        {
          display: 'inline-block',
          width: size,
          height: size,
          borderRadius: round ? '50%' : 0.5,
          border: 1,
          borderColor: 'divider',
          bgcolor: colour,
          verticalAlign: 'middle',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
