import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BadgeIcon from '@mui/icons-material/Badge';
import GroupIcon from '@mui/icons-material/Group';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SettingsIcon from '@mui/icons-material/Settings';
import StoreIcon from '@mui/icons-material/Store';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { type AccessSubject, satisfies } from '../providers/accessControl';
import { matchRoute } from './routeTable';

export interface AdminLink {
  label: string;
  path: string;
  icon: SvgIconComponent;
}

/**
 * Spec §2's main navigation has no entries for the administration screens, yet they are routes a
 * role can open. They are offered in the user menu instead, each when its route's access allows.
 * Labels are i18n keys under `pages.`.
 */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { label: 'pages.users', path: '/admin/user', icon: GroupIcon },
  { label: 'pages.workspaces', path: '/admin/workspace', icon: StoreIcon },
  { label: 'pages.hierarchy', path: '/admin/hierarchy', icon: AccountTreeIcon },
  { label: 'pages.roles', path: '/admin/role', icon: BadgeIcon },
  { label: 'pages.departments', path: '/admin/department', icon: WorkspacesIcon },
  { label: 'pages.profile_management', path: '/admin/profile-management', icon: ManageAccountsIcon },
  { label: 'pages.settings', path: '/settings', icon: SettingsIcon },
];

/** The administration links this user may open: the same rule as the route guard. */
export function visibleAdminLinks(user: AccessSubject | undefined): AdminLink[] {
  return ADMIN_LINKS.filter((link) => {
    const route = matchRoute(link.path);
    return route !== undefined && satisfies(user, route.access);
  });
}
