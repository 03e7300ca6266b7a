import CheckIcon from '@mui/icons-material/Check';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { type MouseEvent, useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useIsMobile } from '../hooks/useIsMobile';
import { setPositionId } from '../providers/positionStore';
import { clearSession } from '../session/sessionStore';
import type { SessionUser } from '../session/sessionUser';

/**
 * Lets a user who holds several positions choose the one to work in. The choice is remembered in
 * local storage and sent as X-Position-Id; verify then runs again, because the position decides
 * the permissions, the menu and the workspace.
 */
export function PositionSwitcher({ user }: { user: SessionUser }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const isMobile = useIsMobile();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (user.position_list.length < 2) return null;
  const current = user.position_list.find((p) => p.id === user.positionId) ?? user.position_list[0]!;

  const choose = (id: number) => {
    setAnchor(null);
    if (id === user.positionId) return;
    setPositionId(id);
    clearSession();
    refresh();
    // "/" sends the user to the first page the new position allows once verify has answered.
    navigate('/', { replace: true });
  };
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const label = translate('shell.switch_position');

  return (
    <>
      {isMobile ? (
        <Tooltip title={label}>
          <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={open}>
            <PlaceOutlinedIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          color="inherit"
          aria-label={translate('shell.switch_position_named', {
            position: `${current.node_name} · ${current.role_name}`,
          })}
          aria-haspopup="menu"
          onClick={open}
          startIcon={<PlaceOutlinedIcon />}
          sx={{ mr: 1, maxWidth: 280, justifyContent: 'flex-start' }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {current.node_name} · {current.role_name}
          </span>
        </Button>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {user.position_list.map((position) => (
          <MenuItem
            key={position.id}
            selected={position.id === current.id}
            onClick={() => choose(position.id)}
          >
            <ListItemIcon>{position.id === current.id && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText primary={position.node_name} secondary={position.role_name} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
