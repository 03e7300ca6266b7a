import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useSidebarState } from 'react-admin';
import { Link } from 'react-router-dom';
import { useIsMobile } from '../hooks/useIsMobile';

interface NavItemProps {
  to: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  nested?: boolean;
}

/** One link of the main navigation. */
export function NavItem({ to, label, icon, active, nested = false }: NavItemProps) {
  const [open, setOpen] = useSidebarState();
  const isMobile = useIsMobile();
  const item = (
    <ListItemButton
      component={Link}
      to={to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      // The mobile drawer covers the page: close it once a destination is chosen.
      onClick={() => isMobile && setOpen(false)}
      sx={(theme) => ({
        mx: 1,
        my: 0.25,
        borderRadius: 2,
        pl: open && nested ? 4.5 : 1.5,
        minHeight: 40,
        '&.Mui-selected, &.Mui-selected:hover': {
          backgroundColor: alpha(theme.palette.primary.main, 0.12),
          color: theme.palette.primary.main,
          '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
          '& .MuiListItemText-primary': { fontWeight: 600 },
        },
      })}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
    </ListItemButton>
  );
  // With the sidebar folded to icons, the label is only reachable as a tooltip. The link is a
  // list item of the menu's list, so a screen reader announces how many entries it holds.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {open ? (
        item
      ) : (
        <Tooltip title={label} placement="right">
          {item}
        </Tooltip>
      )}
    </ListItem>
  );
}
