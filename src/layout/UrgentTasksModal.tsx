import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useDateFormat } from '../hooks/useDateFormat';
import { useIsMobile } from '../hooks/useIsMobile';
import type { UrgentTask } from './urgentTasks';

export interface UrgentTasksModalProps {
  open: boolean;
  count: number;
  tasks: UrgentTask[];
  onClose: () => void;
}

/** The urgent-tasks reminder of spec §2: an open flag, a count and the list. */
export function UrgentTasksModal({ open, count, tasks, onClose }: UrgentTasksModalProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { dateTime } = useDateFormat();
  const goToTasks = () => {
    onClose();
    navigate('/task');
  };
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
          {translate('urgent.intro', { smart_count: count })}
        </Typography>
        <List dense>
          {tasks.map((task) => (
            <ListItem key={task.id} disableGutters>
              <ListItemAvatar sx={{ minWidth: 28 }}>
                <PriorityHighIcon color="error" fontSize="small" />
              </ListItemAvatar>
              <ListItemText
                primary={task.title}
                secondary={task.due ? translate('urgent.due', { date: dateTime(task.due) }) : undefined}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{translate('urgent.dismiss')}</Button>
        <Button variant="contained" onClick={goToTasks}>
          {translate('urgent.open_tasks')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
