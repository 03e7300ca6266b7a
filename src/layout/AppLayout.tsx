import { type ReactNode, useEffect, useMemo } from 'react';
import { useAuthenticated, useSidebarState } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { useIsMobile } from '../hooks/useIsMobile';
import { useForcedReset, useSessionUser } from '../hooks/useSession';
import { OfflineBanner } from '../offline/OfflineBanner';
import { useOfflineSync } from '../offline/useOfflineSync';
import { signInPathNow } from '../providers/authState';
import { guard } from '../routing/guard';
import { useScreenRegistry } from '../routing/ScreenRegistry';
import { themeValues } from '../session/theme';
import { hasToken } from '../session/tokenCookie';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { LoadingScreen } from './LoadingScreen';
import { ShellLayout } from './ShellLayout';
import { ThemeVariables } from './ThemeVariables';
import { UrgentTasksModal } from './UrgentTasksModal';
import { useUrgentTasks } from './useUrgentTasks';

/**
 * The main layout of every authenticated route, behind the guard of spec §4: nothing of the app
 * renders until the session is verified and the route's permission is checked.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const user = useSessionUser();
  const forcedReset = useForcedReset();
  const isMobile = useIsMobile();
  const [, setSidebarOpen] = useSidebarState();
  const urgent = useUrgentTasks(user);
  const { routes, adminFolders } = useScreenRegistry();
  const decision = guard({
    pathname,
    hasToken: hasToken(),
    forcedReset,
    user,
    routes,
    adminFolders,
    signInPath: signInPathNow(),
  });
  const colours = useMemo(() => themeValues(user?.themeSettings), [user?.themeSettings]);
  useOfflineSync(Boolean(user), user?.theme.primary);

  // react-admin's checkAuth verifies the session (once per load, again after a position switch);
  // when it fails, the authProvider has cleared it and says where to go.
  useAuthenticated({ enabled: decision.kind === 'verify' });

  // On phones the menu is a drawer over the page: start closed and close after each navigation.
  useEffect(() => {
    if (isMobile && pathname) setSidebarOpen(false);
  }, [isMobile, pathname, setSidebarOpen]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'verify' || !user) return <LoadingScreen />;
  return (
    <>
      <ThemeVariables values={colours} />
      <ShellLayout
        className={isMobile ? 'sl-layout sl-mobile' : 'sl-layout sl-desktop'}
        appBar={AppBar}
        menu={AppMenu}
      >
        <OfflineBanner />
        {children}
      </ShellLayout>
      <UrgentTasksModal
        open={urgent.open}
        tasks={urgent.tasks}
        onClose={urgent.close}
        onOpenTask={urgent.hide}
      />
    </>
  );
}
