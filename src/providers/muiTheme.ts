import type { CheckboxOwnerState } from '@mui/material/Checkbox';
import { alpha } from '@mui/material/styles';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import type { RaThemeOptions } from 'react-admin';
import { MOBILE_MAX_WIDTH } from '../../contract/constants';
import { translate } from '../i18n/translate';
import { focusColour, shadesOf, type ThemeValues } from '../session/theme';
import { accentBackgrounds, readableShade, WCAG_AA_LARGE, WCAG_AA_TEXT } from './contrast';

const FONT_STACK = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * The MUI / react-admin theme of a tenant. The `sm` breakpoint sits at 768 px so that every
 * "extra small" rule of MUI and react-admin (temporary drawer, full-width inputs, regular toolbar)
 * is exactly the mobile layout of spec §9 (≤ 767 px).
 */
export function buildMuiTheme(values: ThemeValues): RaThemeOptions {
  const primary = shadesOf(values.primary);
  const secondary = shadesOf(values.secondary);
  const tertiary = shadesOf(values.tertiary);
  // MUI draws `main` as text (text buttons, links, chips, a selected menu item) and borders: where
  // the tenant's colour is too light for that on its panels and page, a readable shade of it
  // stands in (the theme editor lists which). Filled buttons take their text from contrastText.
  const readable = (key: 'primary' | 'secondary' | 'tertiary') =>
    readableShade(values[key], accentBackgrounds(values, key), WCAG_AA_TEXT);
  const focus = readableShade(focusColour(values), [values.bg_tertiary, values.bg_secondary], WCAG_AA_LARGE);
  // Only a field without an error takes the focus colour: an error keeps its own red.
  const focused = '&.Mui-focused:not(.Mui-error)';
  return {
    breakpoints: { values: { xs: 0, sm: MOBILE_MAX_WIDTH + 1, md: 1024, lg: 1280, xl: 1536 } },
    sidebar: { width: 248, closedWidth: 56 },
    shape: { borderRadius: 10 },
    palette: {
      mode: 'light',
      // White text on a filled button only where it reads at 4.5:1, else dark text.
      contrastThreshold: WCAG_AA_TEXT,
      primary: {
        main: readable('primary'),
        light: primary.lighten[30],
        dark: shadesOf(readable('primary')).darken,
      },
      secondary: {
        main: readable('secondary'),
        light: secondary.lighten[30],
        dark: shadesOf(readable('secondary')).darken,
      },
      // MUI's #d32f2f carries white text at 4.98:1 but reads at 4.35:1 on its own light tint.
      error: { main: '#c62828' },
      warning: {
        main: readable('tertiary'),
        light: tertiary.lighten[30],
        dark: shadesOf(readable('tertiary')).darken,
      },
      background: { default: values.bg_secondary, paper: values.bg_tertiary },
      text: { primary: values.text_bg_tertiary },
    },
    typography: {
      fontFamily: FONT_STACK,
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: {
        styleOverrides: {
          root: { backgroundColor: values.bg_primary, color: values.text_bg_primary, boxShadow: 'none' },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: '1px solid rgba(0,0,0,0.08)' } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      // A variant is a look, not a heading level: MUI renders subtitles as <h6> and h5 as <h5>,
      // which put h6 headings under the page's h1 on cards and rows, and react-admin's loading
      // message as an h5 (axe heading-order). Our headings name their level with `component`.
      MuiTypography: {
        defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p', h5: 'p' } },
      },
      // A checkbox's aria-label belongs on its <input>, where it names the checkbox; MUI leaves it
      // on the wrapping <span> (react-admin's "Select this row" had no name and an ARIA error).
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            root: { 'aria-label': undefined },
            input: (ownerState: CheckboxOwnerState) => {
              const label = ownerState['aria-label'];
              const own = ownerState.inputProps;
              return label === undefined ? { ...own } : { ...own, 'aria-label': label };
            },
          },
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      // Readable at 4.5:1 on panels and the page (MUI's defaults are lighter greys):
      // initials on a picture-less avatar, unselected toggle buttons, a disabled field's help.
      // A spinner or bar with nothing else to name it says what it is ("Loading").
      MuiCircularProgress: { defaultProps: { 'aria-label': translate('shell.loading') } },
      MuiLinearProgress: { defaultProps: { 'aria-label': translate('shell.loading') } },
      RaLoading: { styleOverrides: { root: { '& .RaLoading-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
      // The account menu's "Administration" heading sits among the menu items: not a list item.
      MuiListSubheader: { defaultProps: { role: 'presentation' } },
      MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#616161', color: '#ffffff' } } },
      MuiToggleButton: { styleOverrides: { root: { color: 'rgba(0, 0, 0, 0.66)' } } },
      MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
      MuiOutlinedInput: {
        styleOverrides: { root: { [`${focused} .MuiOutlinedInput-notchedOutline`]: { borderColor: focus } } },
      },
      // The date and time fields (MUI X) draw their own outline: the same focus colour.
      MuiPickersOutlinedInput: {
        styleOverrides: {
          root: { [`${focused} .MuiPickersOutlinedInput-notchedOutline`]: { borderColor: focus } },
        },
      },
      MuiFilledInput: {
        styleOverrides: { root: { [`${focused}::after`]: { borderBottomColor: focus } } },
      },
      MuiInput: {
        styleOverrides: { root: { [`${focused}::after`]: { borderBottomColor: focus } } },
      },
      MuiInputLabel: { styleOverrides: { root: { [focused]: { color: focus } } } },
      MuiFormLabel: { styleOverrides: { root: { [focused]: { color: focus } } } },
      RaMenuItemLink: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            margin: '2px 8px',
            paddingTop: 8,
            paddingBottom: 8,
            '&.RaMenuItemLink-active': {
              color: readable('primary'),
              backgroundColor: alpha(primary.base, 0.1),
              fontWeight: 600,
              '& .MuiListItemIcon-root': { color: readable('primary') },
            },
          },
        },
      },
      RaSidebar: {
        styleOverrides: {
          root: {
            '& .RaSidebar-paper, & .MuiDrawer-paper': { backgroundColor: values.bg_tertiary },
            // The docked paper is one screen tall and scrolls away with a long page; the fixed
            // part that holds the menu stays, so it carries the background down to the bottom.
            '& .RaSidebar-fixed': { backgroundColor: values.bg_tertiary },
            // Scrolling down hides the app bar and lifts the menu by its height: fill that too.
            '&.RaSidebar-appBarCollapsed .RaSidebar-fixed': { height: '100vh' },
          },
        },
      },
      RaLayout: {
        styleOverrides: {
          root: { '& .RaLayout-content': { paddingTop: 16, paddingBottom: 24 } },
        },
      },
    },
  };
}
