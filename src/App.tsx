import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ForgotEmailSentPage } from './customRoutes/auth/ForgotEmailSentPage';
import { LoginPage } from './customRoutes/auth/LoginPage';
import { PasswordChangePage } from './customRoutes/auth/PasswordChangePage';
import { PasswordForgotPage } from './customRoutes/auth/PasswordForgotPage';
import { PasswordResetPage } from './customRoutes/auth/PasswordResetPage';
import { PublicShell } from './customRoutes/auth/PublicShell';
import { useForcedReset } from './hooks/useSession';
import { LoadingScreen } from './layout/LoadingScreen';
import { signInPathNow } from './providers/authState';
import { whenPageIdle } from './providers/pageIdle';
import { guard } from './routing/guard';
import { hasToken } from './session/tokenCookie';

// react-admin, MUI's heavier parts and every screen are not part of the sign-in page's first
// paint: the chunk is fetched once that page is loaded and idle (issue 44: while a person types
// their password on a phone's 4G, not after they press "Sign in").
const loadAdminApp = () => import('./AdminApp');
const AdminApp = lazy(loadAdminApp);

/** Spec §2: scroll returns to the top on each navigation. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * Applies the token and forced-reset rules of the guard before the app chunk is fetched, so a
 * signed-out visitor goes straight to /login; the layout applies the rest once verified.
 */
function ProtectedApp() {
  const { pathname } = useLocation();
  const forcedReset = useForcedReset();
  const decision = guard({
    pathname,
    hasToken: hasToken(),
    forcedReset,
    user: undefined,
    signInPath: signInPathNow(),
  });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AdminApp />
    </Suspense>
  );
}

export function App() {
  useEffect(() => whenPageIdle(() => void loadAdminApp().catch(() => undefined)), []);
  return (
    <BrowserRouter>
      <ScrollToTop />
      <Routes>
        <Route element={<PublicShell />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/password" element={<Navigate to="/password/forgot" replace />} />
          <Route path="/password/forgot" element={<PasswordForgotPage />} />
          <Route path="/password/forgotEmailSent" element={<ForgotEmailSentPage />} />
          <Route path="/password/reset/:token" element={<PasswordResetPage />} />
          <Route path="/password/change" element={<PasswordChangePage />} />
        </Route>
        <Route path="*" element={<ProtectedApp />} />
      </Routes>
    </BrowserRouter>
  );
}
