import { useEffect, useMemo, useState } from 'react';
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { NotFoundPage } from './components/NotFoundPage';
import { PickerLocalization } from './components/PickerLocalization';
import { ForbiddenPage } from './customRoutes/ForbiddenPage';
import { useSessionUser } from './hooks/useSession';
import { languageOf } from './i18n/language';
import { AppLayout } from './layout/AppLayout';
import { LoadingScreen } from './layout/LoadingScreen';
import { i18nProvider } from './providers/i18nProvider';
import { buildMuiTheme } from './providers/muiTheme';
import { createQueryClient } from './providers/queryClient';
import { loadThemeSettings } from './providers/themeCache';
import { routeElements } from './routing/RoutePage';
import { ScreenRegistryProvider } from './routing/ScreenRegistry';
import { authProvider, dataProvider, RESOURCES, SCREENS } from './screenRegistry';
import { themeValues } from './session/theme';

/**
 * The authenticated app: react-admin inside the browser router of App.tsx (real paths, no /#/).
 * Loaded lazily, so the sign-in page does not carry react-admin (nor the date pickers, whose
 * adapter is mounted here once for every screen).
 */
export default function AdminApp() {
  const user = useSessionUser();
  const [queryClient] = useState(createQueryClient);
  // The language follows the session (issue 31): react-admin's store holds the locale, and a
  // change there re-renders every screen in the new language, with nobody signed out.
  const language = languageOf(user);
  const [store] = useState(() => memoryStore({ locale: language }));
  useEffect(() => {
    if (store.getItem('locale') !== language) store.setItem('locale', language);
    // Screen readers and spell checkers read the page in its language (WCAG 3.1.1).
    document.documentElement.lang = language;
  }, [store, language]);
  const themeSettings = user?.themeSettings;
  const theme = useMemo(
    () => buildMuiTheme(themeValues(themeSettings ?? loadThemeSettings())),
    [themeSettings],
  );
  return (
    <ScreenRegistryProvider registry={SCREENS}>
      <PickerLocalization>
        <Admin
          authProvider={authProvider}
          dataProvider={dataProvider}
          queryClient={queryClient}
          store={store}
          i18nProvider={i18nProvider}
          theme={theme}
          darkTheme={null}
          layout={AppLayout}
          loginPage={false}
          catchAll={NotFoundPage}
          loading={LoadingScreen}
          title="Storeline"
          disableTelemetry
        >
          {RESOURCES.map(({ name, icon, recordRepresentation }) => (
            // Registered without views, so reference fields, titles and menus know the resource; its
            // screens are the custom routes below, and react-admin's own /<name> paths stay not found.
            <Resource key={name} name={name} icon={icon} recordRepresentation={recordRepresentation}>
              <Route path="*" element={<NotFoundPage />} />
            </Resource>
          ))}
          <CustomRoutes>
            <Route path="/forbidden" element={<ForbiddenPage />} />
            {routeElements(SCREENS.routes)}
          </CustomRoutes>
        </Admin>
      </PickerLocalization>
    </ScreenRegistryProvider>
  );
}
