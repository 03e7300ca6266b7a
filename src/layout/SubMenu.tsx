import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useSidebarState } from 'react-admin';

interface SubMenuProps {
  label: string;
  icon: ReactNode;
  /** True when the current page is one of the children: the group opens by itself. */
  containsActive: boolean;
  children: ReactNode;
}

/** A collapsible group of the main navigation (Tasks, Audit, Real-Time Insights, Survey). */
export function SubMenu({ label, icon, containsActive, children }: SubMenuProps) {
  const [open, setOpen] = useState(containsActive);
  const [sidebarOpen] = useSidebarState();
  const id = useId();
  useEffect(() => {
    if (containsActive) setOpen(true);
  }, [containsActive]);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Tooltip title={sidebarOpen ? '' : label} placement="right">
        <ListItemButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={id}
          sx={{ mx: 1, my: 0.25, borderRadius: 2, pl: 1.5, minHeight: 40 }}
        >
          <ListItemIcon sx={{ minWidth: 36, color: containsActive ? 'primary.main' : undefined }}>
            {icon}
          </ListItemIcon>
          <ListItemText
            primary={label}
            slotProps={{
              primary: { noWrap: true, variant: 'body2', fontWeight: containsActive ? 600 : undefined },
            }}
          />
          {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </ListItemButton>
      </Tooltip>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={id} disablePadding aria-label={label}>
          {children}
        </List>
      </Collapse>
    </ListItem>
  );
}
