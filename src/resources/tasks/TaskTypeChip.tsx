import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import ChecklistIcon from '@mui/icons-material/Checklist';
import EventIcon from '@mui/icons-material/EventOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import ReportIcon from '@mui/icons-material/ReportOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import Chip from '@mui/material/Chip';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { TaskType } from '../../../contract/api/tasks';
import { readableShade } from '../../providers/contrast';

/**
 * Task types name a Material icon (spec §3 `icon`). Bundling every icon would weigh megabytes, so
 * the common ones are mapped and any other name shows a neutral label icon.
 */
const ICONS = {
  PriorityHigh: PriorityHighIcon,
  Assignment: AssignmentIcon,
  Campaign: CampaignIcon,
  Checklist: ChecklistIcon,
  Event: EventIcon,
  Info: InfoIcon,
  Report: ReportIcon,
  School: SchoolIcon,
  Verified: VerifiedIcon,
  Warning: WarningIcon,
} as const;

type TypeLook = Pick<TaskType, 'name' | 'colour' | 'secondary_colour' | 'icon'>;

export function TaskTypeIcon({ icon, ...props }: { icon: string } & SvgIconProps) {
  const Icon = ICONS[icon as keyof typeof ICONS] ?? LabelIcon;
  return <Icon {...props} />;
}

/**
 * A task's type in its own colours, as every task screen shows it; the name in a shade of the
 * type's colour that reads on the chip (4.5:1), as the tenant's colours do.
 */
export function TaskTypeChip({ type, size = 'small' }: { type: TypeLook; size?: 'small' | 'medium' }) {
  // action.hover over a white panel is about #f5f5f5.
  const colour = readableShade(type.colour, [type.secondary_colour || '#f5f5f5']);
  return (
    <Chip
      size={size}
      icon={<TaskTypeIcon icon={type.icon} style={{ color: colour }} />}
      label={type.name}
      sx={{ bgcolor: type.secondary_colour || 'action.hover', color: colour, fontWeight: 500 }}
    />
  );
}
