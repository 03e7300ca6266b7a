import { useTranslate } from 'react-admin';
import type { AppRoute } from './routeTable';

/** Renders a declared route's page with its translated title. */
export function RoutePage({ route }: { route: AppRoute }) {
  const translate = useTranslate();
  const Page = route.page;
  if (!Page) return null;
  return (
    <Page
      title={translate(route.title)}
      description={route.description ? translate(route.description) : undefined}
    />
  );
}
