import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * One card of the settings page: its title as an h2 (the page title is the h1) over a one-line
 * subheader, both i18n keys, and `action` at the header's end.
 */
export function SettingsSection({
  title,
  subheader,
  action,
  testId,
  children,
}: {
  title: string;
  subheader: string;
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card data-testid={testId}>
      <CardHeader
        title={translate(title)}
        subheader={translate(subheader)}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={action}
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}
