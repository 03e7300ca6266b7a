import AccountCircle from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { type MouseEvent, type ReactNode, useCallback, useMemo, useState } from 'react';
import { UserMenuContextProvider, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { useIsMobile } from '../hooks/useIsMobile';
import { useSessionUser } from '../hooks/useSession';
import { SignOutItem } from '../offline/SignOutItem';
import { satisfies } from '../providers/accessControl';
import { visibleAdminLinks } from '../routing/adminLinks';
import { useScreenRegistry } from '../routing/ScreenRegistry';

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
  const { profile, adminFolders } = useScreenRegistry();
  const adminLinks = visibleAdminLinks(user, adminFolders);
  // MUI Menu wants its items as direct children, not wrapped in fragments.
  const items: ReactNode[] = [];
  const [ownProfile] = profile.routes;
  const ProfileIcon = profile.icon;
  if (ownProfile && ProfileIcon && satisfies(user, ownProfile.access)) {
    items.push(
      <LinkItem
        key="profile"
        to={ownProfile.path}
        icon={<ProfileIcon />}
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
  items.push(<SignOutItem key="logout" />);
  return <AccountMenu>{items}</AccountMenu>;
}

/**
 * react-admin's UserMenu, but the button that shows the person's name is named by it ("Sam Staff,
 * account") rather than by "Account" alone, so speech input and screen readers agree with the
 * screen (WCAG 2.5.3). On phones it is an icon button named "Account".
 */
function AccountMenu({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const { identity, isPending } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = useCallback(() => setAnchor(null), []);
  const context = useMemo(() => ({ onClose: close }), [close]);
  const open = anchor !== null;
  const openMenu = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const label = translate('shell.user_menu');
  const picture =
    !isPending && identity?.avatar ? (
      <Avatar src={identity.avatar} alt="" sx={{ width: 32, height: 32 }} />
    ) : (
      <AccountCircle />
    );
  const popup = { 'aria-haspopup': 'menu' as const, 'aria-controls': open ? 'menu-appbar' : undefined };
  return (
    <>
      {!isMobile && !isPending && identity?.fullName ? (
        <Button
          color="inherit"
          variant="text"
          startIcon={picture}
          onClick={openMenu}
          aria-label={translate('shell.user_menu_named', { name: identity.fullName })}
          {...popup}
        >
          {identity.fullName}
        </Button>
      ) : (
        <Tooltip title={label}>
          <IconButton color="inherit" aria-label={label} onClick={openMenu} {...popup}>
            {picture}
          </IconButton>
        </Tooltip>
      )}
      <UserMenuContextProvider value={context}>
        <Menu
          id="menu-appbar"
          disableScrollLock
          anchorEl={anchor}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          open={open}
          onClose={close}
        >
          {children}
        </Menu>
      </UserMenuContextProvider>
    </>
  );
}
