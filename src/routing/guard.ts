import { matchPath } from 'react-router-dom';
import { type AccessSubject, satisfies } from '../providers/accessControl';
import { firstPermittedPath } from './menuItems';
import type { AppPages, AppRoute } from './types';

export interface GuardInput {
  pathname: string;
  hasToken: boolean;
  /** Raised by a 307 at login or by force_reset in verify (spec §4). */
  forcedReset: boolean;
  /** The verified session user; undefined until verify has answered. */
  user: (AccessSubject & { forceResetPassword?: boolean }) | undefined;
  /** The registered routes and administration folders (src/screenRegistry.ts); none outside AdminApp. */
  routes?: readonly AppRoute[];
  adminFolders?: readonly AppPages[];
  /** Where a visitor without a token goes: /login, or /login?error=… when the session just ended for a reason. */
  signInPath?: string;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'verify' };

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

const PUBLIC_PATHS = [
  '/login',
  '/password',
  '/password/forgot',
  '/password/forgotEmailSent',
  '/password/change',
] as const;

function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PUBLIC_PATHS as readonly string[]).includes(path) || /^\/password\/reset\/[^/]+$/.test(path);
}

/**
 * The routing guard of spec §4 as one pure decision, applied by the pages and the layout:
 * - /login redirects to / when a token cookie exists (the page also drops the verified flag);
 * - /password forwards to /password/forgot; /password/change needs a token and the forced-reset
 *   flag, otherwise login; the other /password pages are open;
 * - elsewhere: no token → login; forced reset → /password/change; not yet verified → verify;
 *   "/" → the first permitted menu entry, else /forbidden; a declared route the user may not
 *   open → /forbidden; anything else (including unknown paths, shown as not found) is allowed.
 */
export function guard({
  pathname,
  hasToken,
  forcedReset,
  user,
  routes = [],
  adminFolders = [],
  signInPath = '/login',
}: GuardInput): GuardDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/login') return hasToken ? redirect('/') : allow;
  if (path === '/password') return redirect('/password/forgot');
  if (path === '/password/change') return hasToken && forcedReset ? allow : redirect('/login');
  if (isPublicPath(path)) return allow;

  if (!hasToken) return redirect(signInPath);
  if (forcedReset || user?.forceResetPassword) return redirect('/password/change');
  if (!user) return { kind: 'verify' };
  if (path === '/') return redirect(firstPermittedPath(user, adminFolders) ?? '/forbidden');
  const route = matchRoute(path, routes);
  if (!route) return allow;
  if (!satisfies(user, route.access)) return redirect('/forbidden');
  if (route.redirect) return redirect(route.redirect);
  return allow;
}

/** The declared route a pathname falls under; undefined for /forbidden and unknown paths (not found). */
export function matchRoute(pathname: string, routes: readonly AppRoute[]): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => matchPath({ path: route.path, end: true }, path) !== null);
}
