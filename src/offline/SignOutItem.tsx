import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { forwardRef, useState } from 'react';
import { useLogout, useTranslate, useUserMenu } from 'react-admin';
import { useSessionUser } from '../hooks/useSession';
import { ownerOf } from './owner';
import { deleteQueuedOf, queuedOf } from './queueStore';
import { sendQueue } from './sender';

/**
 * Sign out on a shared store phone (issue 30): completions made on this phone are sent first;
 * what cannot be sent (no network) is not silently left behind for the next person nor lost
 * unasked — the person stays signed in to send it later, or signs out and deletes it.
 */
export const SignOutItem = forwardRef<HTMLLIElement>(function SignOutItem(_, ref) {
  const translate = useTranslate();
  const logout = useLogout();
  const userMenu = useUserMenu();
  const user = useSessionUser();
  const [unsent, setUnsent] = useState(0);

  const signOut = async () => {
    if (user) {
      const owner = ownerOf(user);
      await sendQueue().catch(() => undefined);
      const left = (await queuedOf(owner).catch(() => [])).length;
      if (left > 0) {
        setUnsent(left);
        return;
      }
    }
    userMenu?.onClose();
    logout();
  };

  const deleteAndSignOut = async () => {
    if (user) await deleteQueuedOf(ownerOf(user));
    setUnsent(0);
    userMenu?.onClose();
    logout();
  };

  return (
    <>
      <MenuItem ref={ref} onClick={() => void signOut()}>
        <ListItemIcon>
          <ExitIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('ra.auth.logout')}</ListItemText>
      </MenuItem>
      <Dialog open={unsent > 0} onClose={() => setUnsent(0)} aria-labelledby="unsent-title">
        <DialogTitle id="unsent-title">{translate('offline.sign_out_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('offline.sign_out_body', { smart_count: unsent })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setUnsent(0)} autoFocus>
            {translate('offline.stay')}
          </Button>
          <Button color="error" onClick={() => void deleteAndSignOut()}>
            {translate('offline.sign_out_delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
});
