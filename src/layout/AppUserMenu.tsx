import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { Logout, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { profile } from '../customRoutes/profile';
import { useSessionUser } from '../hooks/useSession';
import { satisfies } from '../providers/accessControl';
import { visibleAdminLinks } from '../routing/adminLinks';

function LinkItem({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={to} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
}

/** The user menu: own profile, the administration screens this role may open, and sign out. */
export function AppUserMenu() {
  const translate = useTranslate();
  const user = useSessionUser();
  const adminLinks = visibleAdminLinks(user);
  // MUI Menu wants its items as direct children, not wrapped in fragments.
  const items: ReactNode[] = [];
  const [ownProfile] = profile.routes;
  if (ownProfile && profile.icon && satisfies(user, ownProfile.access)) {
    items.push(
      <LinkItem
        key="profile"
        to={ownProfile.path}
        icon={<profile.icon />}
        label={translate('shell.profile')}
      />,
    );
  }
  if (adminLinks.length > 0) {
    if (items.length) items.push(<Divider key="admin-divider" />);
    items.push(<ListSubheader key="admin-header">{translate('shell.administration')}</ListSubheader>);
    for (const link of adminLinks) {
      items.push(
        <LinkItem key={link.path} to={link.path} icon={<link.icon />} label={translate(link.label)} />,
      );
    }
  }
  if (items.length) items.push(<Divider key="logout-divider" />);
  items.push(<Logout key="logout" />);
  return <UserMenu label="shell.user_menu">{items}</UserMenu>;
}
