import { ResourceContextProvider, useTranslate } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import type { AppRoute } from './types';

/**
 * Renders a declared route's page with its translated title, also shown in the browser tab. A
 * resource's page renders inside its ResourceContextProvider, so react-admin's List, Edit, Show
 * and buttons know the resource without a `resource` prop.
 */
function RoutePage({ route }: { route: AppRoute }) {
  const translate = useTranslate();
  const title = translate(route.title);
  useDocumentTitle(title);
  const Page = route.page;
  if (!Page) return null;
  const page = (
    <Page title={title} description={route.description ? translate(route.description) : undefined} />
  );
  return route.resource ? (
    <ResourceContextProvider value={route.resource}>{page}</ResourceContextProvider>
  ) : (
    page
  );
}

/** A <Route> per declared route: forwarding routes redirect, the others render their page. */
export function routeElements(routes: readonly AppRoute[]) {
  return routes.map((route) =>
    route.redirect ? (
      <Route key={route.path} path={route.path} element={<Navigate to={route.redirect} replace />} />
    ) : (
      <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
    ),
  );
}
