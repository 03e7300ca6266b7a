import type { SvgIconComponent } from '@mui/icons-material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import HistoryToggleOffIcon from '@mui/icons-material/HistoryToggleOff';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import UndoIcon from '@mui/icons-material/Undo';
import type { ComplianceState } from '../../../contract/api/compliance';

/** Each state's colour and icon: the icon carries the meaning for those who cannot tell the colours apart. */
export const STATE_LOOK: Record<ComplianceState, { colour: string; Icon: SvgIconComponent }> = {
  on_time: { colour: '#2e7d32', Icon: CheckCircleIcon },
  late: { colour: '#827717', Icon: HistoryToggleOffIcon },
  waiting: { colour: '#0277bd', Icon: HourglassTopIcon },
  rejected: { colour: '#e65100', Icon: UndoIcon },
  open: { colour: '#757575', Icon: RadioButtonUncheckedIcon },
  overdue: { colour: '#c62828', Icon: ErrorIcon },
  expired: { colour: '#5d4037', Icon: EventBusyIcon },
  cannot_do: { colour: '#6a1b9a', Icon: BlockIcon },
};
