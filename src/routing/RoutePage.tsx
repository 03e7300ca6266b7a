import { useTranslate } from 'react-admin';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import type { AppRoute } from './routeTable';

/** Renders a declared route's page with its translated title, also shown in the browser tab. */
export function RoutePage({ route }: { route: AppRoute }) {
  const translate = useTranslate();
  const title = translate(route.title);
  useDocumentTitle(title);
  const Page = route.page;
  if (!Page) return null;
  return <Page title={title} description={route.description ? translate(route.description) : undefined} />;
}
