import type { SvgIconComponent } from '@mui/icons-material';
import { hierarchy } from '../customRoutes/hierarchy';
import { settings } from '../customRoutes/settings';
import { type AccessSubject, satisfies } from '../providers/accessControl';
import { departments } from '../resources/departments';
import { profileFields } from '../resources/profileFields';
import { roles } from '../resources/roles';
import { users } from '../resources/users';
import { workspaces } from '../resources/workspaces';
import type { AppPages } from './types';

export interface AdminLink {
  /** i18n key: the linked screen's title. */
  label: string;
  path: string;
  icon: SvgIconComponent;
}

/**
 * Spec §2's main navigation has no entries for the administration screens, yet they are routes a
 * role can open. They are offered in the user menu instead: each folder's first screen, with the
 * folder's icon, shown when that route's access allows.
 */
const ADMIN_FOLDERS: readonly AppPages[] = [
  users,
  workspaces,
  hierarchy,
  roles,
  departments,
  profileFields,
  settings,
];

/** The administration links this user may open: the same rule as the route guard. */
export function visibleAdminLinks(user: AccessSubject | undefined): AdminLink[] {
  return ADMIN_FOLDERS.flatMap(({ routes: [main], icon }) =>
    main && icon && satisfies(user, main.access) ? [{ label: main.title, path: main.path, icon }] : [],
  );
}
