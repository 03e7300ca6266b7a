import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import ChecklistIcon from '@mui/icons-material/Checklist';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import EmojiObjectsIcon from '@mui/icons-material/EmojiObjects';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FeedbackIcon from '@mui/icons-material/Feedback';
import InsightsIcon from '@mui/icons-material/Insights';
import LocalLibraryIcon from '@mui/icons-material/LocalLibrary';
import PollIcon from '@mui/icons-material/Poll';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import RuleIcon from '@mui/icons-material/Rule';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import SpeedIcon from '@mui/icons-material/Speed';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import TuneIcon from '@mui/icons-material/Tune';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import ViewListIcon from '@mui/icons-material/ViewList';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  type AccessRule,
  type AccessSubject,
  needs,
  PLACEHOLDER_ACCESS,
  satisfies,
} from '../providers/accessControl';
import { visibleAdminLinks } from './adminLinks';
import type { AppPages } from './types';

/** One entry of the main navigation; a parent's visibility comes from its children. */
export interface MenuEntry {
  key: string;
  /** i18n key under `menu.` */
  label: string;
  path: string;
  icon: SvgIconComponent;
  access?: AccessRule;
  children?: MenuEntry[];
}

const placeholder = PLACEHOLDER_ACCESS;

/**
 * Spec §2 "Main navigation": labels, paths and sub-entries in this order. An entry for a
 * resource's screen shows the resource's icon (its folder's index.ts; menuItems.test.ts checks they agree).
 */
export const MAIN_MENU: readonly MenuEntry[] = [
  {
    key: 'tenant',
    label: 'menu.tenant',
    path: '/tenant-management',
    icon: ApartmentIcon,
    access: needs('tenant'),
  },
  {
    key: 'dashboard',
    label: 'menu.dashboard',
    path: '/dashboard',
    icon: DashboardIcon,
    access: needs('dashboard'),
  },
  {
    key: 'tasks',
    label: 'menu.tasks',
    path: '/task',
    icon: TaskAltIcon,
    children: [
      {
        key: 'my-tasks',
        label: 'menu.my_tasks',
        path: '/task',
        icon: AssignmentIndIcon,
        access: needs('mytasks'),
      },
      {
        key: 'task-management',
        label: 'menu.task_management',
        path: '/task/management',
        icon: ChecklistIcon,
        access: needs('taskmanagement'),
      },
      {
        key: 'compliance',
        label: 'menu.compliance',
        path: '/task/compliance',
        icon: VerifiedUserIcon,
        access: needs('compliance'),
      },
      // Issue 49: problems at a store tracked until fixed.
      {
        key: 'actions',
        label: 'actions.menu',
        path: '/task/action',
        icon: ReportProblemIcon,
        access: needs('action'),
      },
    ],
  },
  {
    key: 'audit',
    label: 'menu.audit',
    path: '/audit',
    icon: FactCheckIcon,
    // Spec §6: both sub-items follow the audit module's read.
    children: [
      {
        key: 'audit-task',
        label: 'menu.audit_task',
        path: '/audit/task',
        icon: RuleIcon,
        access: needs('audit'),
      },
      {
        key: 'audit-store',
        label: 'menu.audit_store',
        path: '/audit/store',
        icon: StorefrontIcon,
        access: needs('audit'),
      },
      // Issue 48: inspections are the audit of a workspace; their templates sit beside them.
      {
        key: 'inspections',
        label: 'menu.inspections',
        path: '/audit/inspection',
        icon: AssignmentTurnedInIcon,
        access: needs('inspection'),
      },
      {
        key: 'form-templates',
        label: 'menu.form_templates',
        path: '/audit/form-template',
        icon: DynamicFormIcon,
        access: needs('formtemplate'),
      },
    ],
  },
  { key: 'reports', label: 'menu.reports', path: '/report', icon: AssessmentIcon, access: needs('report') },
  { key: 'library', label: 'menu.library', path: '/library', icon: LocalLibraryIcon, access: placeholder },
  {
    key: 'insights',
    label: 'menu.insights',
    path: '/insight',
    icon: InsightsIcon,
    children: [
      {
        key: 'observation',
        label: 'menu.observation',
        path: '/insight/observation',
        icon: VisibilityIcon,
        access: placeholder,
      },
      { key: 'idea', label: 'menu.idea', path: '/insight/idea', icon: EmojiObjectsIcon, access: placeholder },
      {
        key: 'feedback',
        label: 'menu.feedback',
        path: '/insight/feedback',
        icon: FeedbackIcon,
        access: placeholder,
      },
      {
        key: 'barometer',
        label: 'menu.barometer',
        path: '/insight/barometer',
        icon: SpeedIcon,
        access: placeholder,
      },
      {
        key: 'barometer-management',
        label: 'menu.barometer_management',
        path: '/insight/barometer-management',
        icon: TuneIcon,
        access: placeholder,
      },
    ],
  },
  { key: 'orders', label: 'menu.orders', path: '/order', icon: ShoppingBagIcon, access: placeholder },
  {
    key: 'workspace-info',
    label: 'menu.workspace_info',
    path: '/workspace',
    icon: StorefrontIcon,
    access: needs('storeinfo'),
  },
  {
    key: 'survey',
    label: 'menu.survey',
    path: '/survey',
    icon: PollIcon,
    children: [
      { key: 'survey-list', label: 'menu.survey_list', path: '/survey', icon: PollIcon, access: placeholder },
      {
        key: 'survey-management',
        label: 'menu.survey_management',
        path: '/survey/management',
        icon: ViewListIcon,
        access: placeholder,
      },
    ],
  },
];

/**
 * The menu a user sees (spec §6): an entry shows when the user can read its module; a parent shows
 * with its allowed children and disappears when none is allowed; platform operators see only Tenant.
 */
export function visibleMenu(
  user: AccessSubject | undefined,
  entries: readonly MenuEntry[] = MAIN_MENU,
): MenuEntry[] {
  if (!user) return [];
  const candidates = user.isAdminTenant ? entries.filter((e) => e.key === 'tenant') : entries;
  const result: MenuEntry[] = [];
  for (const entry of candidates) {
    if (entry.children) {
      const children = entry.children.filter(
        (child) => child.access !== undefined && satisfies(user, child.access),
      );
      if (children.length > 0) result.push({ ...entry, children });
    } else if (entry.access && satisfies(user, entry.access)) {
      result.push(entry);
    }
  }
  return result;
}

const isPlaceholder = (entry: MenuEntry) => entry.access !== undefined && 'placeholder' in entry.access;

/**
 * Spec §4: "/" goes to the first permitted menu entry (its first sub-item if any). The placeholder
 * modules have no module id in spec §6, so no role grants them and they are shown to everyone: one
 * is the start page only when no real screen is permitted, not even an administration screen.
 */
export function firstPermittedPath(
  user: AccessSubject | undefined,
  adminFolders: readonly AppPages[],
): string | undefined {
  const leaves = leavesOf(visibleMenu(user));
  const real = leaves.find((leaf) => !isPlaceholder(leaf));
  if (real) return real.path;
  return visibleAdminLinks(user, adminFolders)[0]?.path ?? leaves[0]?.path;
}

function leavesOf(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (entry.children ? entry.children : [entry]));
}

/**
 * The entry to highlight for a path: the deepest entry whose path is the path or one of its
 * ancestors, so /task/management/edit/3 lights Task Management, not My Tasks (/task).
 */
export function activeMenuKey(pathname: string, entries: readonly MenuEntry[]): string | undefined {
  let best: MenuEntry | undefined;
  for (const leaf of leavesOf(entries)) {
    const matches = pathname === leaf.path || pathname.startsWith(`${leaf.path}/`);
    if (matches && (!best || leaf.path.length > best.path.length)) best = leaf;
  }
  return best?.key;
}
