import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { Outlet } from 'react-router-dom';
import { ThemeVariables } from '../../layout/ThemeVariables';
import { buildMuiTheme } from '../../providers/muiTheme';
import { loadThemeSettings } from '../../providers/themeCache';
import { themeValues } from '../../session/theme';

/**
 * Theme for the sign-in and password pages, which live outside react-admin so that the first load
 * does not carry it. They wear the colours of the last tenant this browser signed in to.
 */
export function PublicShell() {
  const values = useMemo(() => themeValues(loadThemeSettings()), []);
  const theme = useMemo(() => createTheme(buildMuiTheme(values)), [values]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ThemeVariables values={values} />
      <Outlet />
    </ThemeProvider>
  );
}
