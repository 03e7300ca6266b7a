import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import tinycolor from 'tinycolor2';
import { THEME_KEYS } from '../../../contract/constants';
import { lightBackground, shadesOf, type ThemeValues, themeValues } from '../../session/theme';

/** Colours the editor holds that are not valid yet fall back, so the preview never breaks. */
function safe(values: ThemeValues): ThemeValues {
  return themeValues(
    THEME_KEYS.map((k) => ({ id: k.id, key: k.key, value: values[k.key], default: k.default })),
  );
}

function Button({ colour, label }: { colour: string; label: string }) {
  const text = tinycolor.mostReadable(colour, ['#ffffff', '#000000']).toHexString();
  return (
    <Box
      component="span"
      sx={{
        px: 1.5,
        py: 0.75,
        borderRadius: 1.5,
        fontWeight: 600,
        fontSize: 14,
        bgcolor: colour,
        color: text,
      }}
    >
      {label}
    </Box>
  );
}

/**
 * A miniature of the app in the colours being edited: header, page, a panel with an active menu
 * item and the three brand colours as buttons. It changes as the colours do, before anything is saved.
 */
export function ThemePreview({ values, tenantName }: { values: ThemeValues; tenantName: string }) {
  const translate = useTranslate();
  const v = safe(values);
  const primary = shadesOf(v.primary);
  return (
    <Box
      data-testid="theme-preview"
      aria-label={translate('theme.preview')}
      role="figure"
      sx={{
        border: '1px solid rgba(0,0,0,0.12)',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: v.bg_secondary,
      }}
    >
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', px: 2, py: 1.25, bgcolor: v.bg_primary, color: v.text_bg_primary }}
        data-testid="preview-header"
      >
        {v.logo ? (
          <Box component="img" src={v.logo} alt="" sx={{ height: 24, maxWidth: 120, objectFit: 'contain' }} />
        ) : (
          <Typography sx={{ fontWeight: 700 }}>{tenantName}</Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2">{translate('theme.preview_user')}</Typography>
      </Stack>
      <Stack direction="row" sx={{ minHeight: 150 }}>
        <Box
          sx={{
            width: 150,
            bgcolor: v.bg_tertiary,
            color: v.text_bg_tertiary,
            p: 1,
            display: { xs: 'none', sm: 'block' },
          }}
        >
          <Box
            sx={{
              px: 1,
              py: 0.75,
              borderRadius: 1,
              color: primary.base,
              bgcolor: primary.lighten[90],
              fontWeight: 600,
            }}
          >
            {translate('menu.my_tasks')}
          </Box>
          <Box sx={{ px: 1, py: 0.75 }}>{translate('menu.reports')}</Box>
        </Box>
        <Box sx={{ flex: 1, p: 2, color: v.text_bg_secondary }}>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>{translate('theme.preview_page')}</Typography>
          <Box
            sx={{
              p: 1.5,
              borderRadius: 1.5,
              bgcolor: lightBackground(v.bg_tertiary),
              color: v.text_bg_tertiary,
              mb: 1.5,
            }}
          >
            {translate('theme.preview_panel')}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button colour={v.primary} label={translate('theme.keys.primary')} />
            <Button colour={v.secondary} label={translate('theme.keys.secondary')} />
            <Button colour={v.tertiary} label={translate('theme.keys.tertiary')} />
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
