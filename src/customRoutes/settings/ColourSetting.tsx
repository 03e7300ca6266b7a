import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import tinycolor from 'tinycolor2';
import { THEME_DARKEN_STEP, THEME_LIGHTEN_STEPS } from '../../../contract/constants';
import { lightBackground, shadesOf } from '../../session/theme';

export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

function Swatch({ colour, label }: { colour: string; label: string }) {
  return (
    <Tooltip title={`${label}: ${colour}`}>
      <Box
        role="img"
        aria-label={`${label}: ${colour}`}
        data-colour={colour}
        sx={{
          width: 28,
          height: 28,
          borderRadius: 1,
          border: '1px solid rgba(0,0,0,0.12)',
          // The cc variant is translucent: a checkerboard shows that it is.
          background: `linear-gradient(${colour}, ${colour}), repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 8px 8px`,
        }}
      />
    </Tooltip>
  );
}

/** The shades spec §9 derives from a colour; backgrounds also get their light (alpha cc) variant. */
function ShadeStrip({ colour, background }: { colour: string; background: boolean }) {
  const translate = useTranslate();
  if (!tinycolor(colour).isValid()) return null;
  const shades = shadesOf(colour);
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      aria-label={translate('theme.shades')}
    >
      {THEME_LIGHTEN_STEPS.map((step) => (
        <Swatch key={step} colour={shades.lighten[step]} label={translate('theme.lighten', { step })} />
      ))}
      <Swatch colour={shades.darken} label={translate('theme.darken', { step: THEME_DARKEN_STEP })} />
      {background && <Swatch colour={lightBackground(colour)} label={translate('theme.light_variant')} />}
    </Stack>
  );
}

interface ColourSettingProps {
  name: string;
  label: string;
  value: string;
  defaultValue: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** One theme colour: a picker, its hex code, its shades and a way back to the product default. */
export function ColourSetting({ name, label, value, defaultValue, disabled, onChange }: ColourSettingProps) {
  const translate = useTranslate();
  const valid = HEX_COLOUR.test(value.trim());
  // The native picker only speaks #rrggbb.
  const pickerValue = valid ? tinycolor(value).toHexString() : '#000000';
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, py: 1 }}
      data-testid={`colour-${name}`}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: { sm: 330 } }}>
        <Box
          component="input"
          type="color"
          value={pickerValue}
          disabled={disabled}
          aria-label={translate('theme.pick', { name: label })}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          sx={{ width: 44, height: 40, p: 0, border: 'none', background: 'none', cursor: 'pointer' }}
        />
        <TextField
          label={label}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          error={!valid}
          helperText={valid ? undefined : translate('theme.invalid_hex')}
          size="small"
          margin="none"
          fullWidth={false}
          sx={{ width: 220 }}
          slotProps={{ htmlInput: { 'aria-label': label, spellCheck: false } }}
        />
        <Tooltip title={translate('theme.reset_one', { value: defaultValue })}>
          <span>
            <IconButton
              aria-label={translate('theme.reset_named', { name: label })}
              disabled={disabled || value === defaultValue}
              onClick={() => onChange(defaultValue)}
              size="small"
            >
              <RestartAltIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box sx={{ flex: 1 }}>
        {valid ? (
          <ShadeStrip colour={value} background={name.startsWith('bg_')} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            —
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
