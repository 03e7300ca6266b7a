import GlobalStyles from '@mui/material/GlobalStyles';
import { useMemo } from 'react';
import { type ThemeValues, themeCssVariables } from '../session/theme';

/** Publishes the tenant colours and their shades as CSS custom properties on :root. */
export function ThemeVariables({ values }: { values: ThemeValues }) {
  const styles = useMemo(() => ({ ':root': themeCssVariables(values) }), [values]);
  return <GlobalStyles styles={styles} />;
}
