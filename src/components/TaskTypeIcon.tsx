import type { SvgIconComponent } from '@mui/icons-material';
import AnnouncementIcon from '@mui/icons-material/Announcement';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BuildIcon from '@mui/icons-material/Build';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChecklistIcon from '@mui/icons-material/Checklist';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import EventIcon from '@mui/icons-material/Event';
import InfoIcon from '@mui/icons-material/Info';
import InventoryIcon from '@mui/icons-material/Inventory';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import SchoolIcon from '@mui/icons-material/School';
import SecurityIcon from '@mui/icons-material/Security';
import StarIcon from '@mui/icons-material/Star';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WarningIcon from '@mui/icons-material/Warning';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/**
 * Task types name their icon by its Material icon name (the seeded Urgent, Task and Communication
 * use PriorityHigh, Assignment and Campaign). Only these are bundled, so the first load stays small;
 * an unknown name shows the generic task icon.
 */
const ICONS: Record<string, SvgIconComponent> = {
  Announcement: AnnouncementIcon,
  Assignment: AssignmentIcon,
  Build: BuildIcon,
  Campaign: CampaignIcon,
  Checklist: ChecklistIcon,
  CleaningServices: CleaningServicesIcon,
  Event: EventIcon,
  Info: InfoIcon,
  Inventory: InventoryIcon,
  LocalShipping: LocalShippingIcon,
  Notifications: NotificationsIcon,
  PriorityHigh: PriorityHighIcon,
  School: SchoolIcon,
  Security: SecurityIcon,
  Star: StarIcon,
  Storefront: StorefrontIcon,
  Warning: WarningIcon,
};

/** The icon names a task type may use, for pickers. */
export const TASK_TYPE_ICONS = Object.keys(ICONS);

export function TaskTypeIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = ICONS[name] ?? AssignmentIcon;
  return <Icon {...props} />;
}
