import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useStoreTime } from '../components/StoreTime';
import { useIsMobile } from '../hooks/useIsMobile';
import { URGENT_ROWS_SHOWN, type UrgentTask, urgentTaskPath } from './urgentTasks';

export interface UrgentTasksModalProps {
  open: boolean;
  /** The urgent tasks still to do (status false). */
  tasks: UrgentTask[];
  /** "Later", Escape or a click outside: not again in this sign-in session. */
  onClose: () => void;
  /** One of them was opened to be worked on. */
  onOpenTask: () => void;
}

/** The urgent-tasks reminder of spec §2 and §4: the count and the list; each opens its task. */
export function UrgentTasksModal({ open, tasks, onClose, onOpenTask }: UrgentTasksModalProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const storeTime = useStoreTime();
  // Someone above store level sees one row per store of the same task; the store tells them apart.
  const severalStores = new Set(tasks.map((task) => task.workspace.id)).size > 1;
  const go = (path: string) => {
    onOpenTask();
    navigate(path);
  };
  // A screenful: someone over many stores is sent to My Tasks for the rest.
  const shown = tasks.slice(0, URGENT_ROWS_SHOWN);
  const more = tasks.length - shown.length;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth="sm"
      aria-labelledby="urgent-title"
    >
      <DialogTitle id="urgent-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar sx={{ bgcolor: 'error.main', width: 32, height: 32 }}>
          <PriorityHighIcon fontSize="small" />
        </Avatar>
        {translate('urgent.title')}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body1" sx={{ mb: 1 }}>
          {translate('urgent.intro', { smart_count: tasks.length })}
        </Typography>
        <List>
          {shown.map((task) => {
            const due = storeTime(task.due_at, task.workspace.timezone);
            const when = translate('urgent.due', { date: due.text });
            return (
              <ListItem key={task.assignment_id} disablePadding>
                <ListItemButton
                  onClick={() => go(urgentTaskPath(task))}
                  sx={{ borderRadius: 1, px: 1, minHeight: 56 }}
                >
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <PriorityHighIcon color="error" fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={task.title}
                    secondary={severalStores ? `${task.workspace.name} · ${when}` : when}
                    title={due.yours}
                  />
                  <ChevronRightIcon color="action" />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {more > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
            {translate('urgent.more', { smart_count: more })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{translate('urgent.dismiss')}</Button>
        <Button variant="contained" onClick={() => go('/task')}>
          {translate('urgent.open_tasks')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
