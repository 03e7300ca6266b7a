import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * One card of the profile page under its h2 (the page title is the h1), `title` an i18n key; a
 * form of its own when it saves (`onSubmit`), checked by the card rather than the browser.
 */
export function ProfileCard({
  title,
  testId,
  onSubmit,
  children,
}: {
  title: string;
  testId: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const content = (
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {translate(title)}
      </Typography>
      {children}
    </CardContent>
  );
  return onSubmit ? (
    <Card component="form" onSubmit={onSubmit} noValidate data-testid={testId}>
      {content}
    </Card>
  ) : (
    <Card data-testid={testId}>{content}</Card>
  );
}
