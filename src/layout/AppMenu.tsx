import Box from '@mui/material/Box';
import List from '@mui/material/List';
import { useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useSessionUser } from '../hooks/useSession';
import { activeMenuKey, visibleMenu } from '../routing/menuItems';
import { NavItem } from './NavItem';
import { SubMenu } from './SubMenu';

/** The main navigation of spec §2, filtered by the user's permissions (spec §6). */
export function AppMenu() {
  const translate = useTranslate();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [open] = useSidebarState();
  const entries = visibleMenu(user);
  const active = activeMenuKey(pathname, entries);
  return (
    <Box
      component="nav"
      aria-label={translate('menu.label')}
      data-testid="main-menu"
      // The sidebar's inner container is as wide as its content; the menu fills the sidebar instead.
      sx={(theme) => ({ pt: 1, pb: 2, width: open ? theme.sidebar.width : theme.sidebar.closedWidth })}
    >
      <List disablePadding>
        {entries.map((entry) =>
          entry.children ? (
            <SubMenu
              key={entry.key}
              label={translate(entry.label)}
              icon={<entry.icon />}
              containsActive={entry.children.some((child) => child.key === active)}
            >
              {entry.children.map((child) => (
                <NavItem
                  key={child.key}
                  nested
                  to={child.path}
                  label={translate(child.label)}
                  icon={<child.icon fontSize="small" />}
                  active={child.key === active}
                />
              ))}
            </SubMenu>
          ) : (
            <NavItem
              key={entry.key}
              to={entry.path}
              label={translate(entry.label)}
              icon={<entry.icon />}
              active={entry.key === active}
            />
          ),
        )}
      </List>
    </Box>
  );
}
