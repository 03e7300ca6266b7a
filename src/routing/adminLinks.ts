import type { SvgIconComponent } from '@mui/icons-material';
import { type AccessSubject, satisfies } from '../providers/accessControl';
import type { AppPages } from './types';

export interface AdminLink {
  /** i18n key: the linked screen's title. */
  label: string;
  path: string;
  icon: SvgIconComponent;
}

/**
 * The administration screens are routes a role can open without an entry in spec §2's main
 * navigation; the user menu offers each folder's first screen, with the folder's icon, when the
 * user may open it (the same rule as the route guard).
 */
export function visibleAdminLinks(
  user: AccessSubject | undefined,
  adminFolders: readonly AppPages[],
): AdminLink[] {
  return adminFolders.flatMap(({ routes: [main], icon }) =>
    main && icon && satisfies(user, main.access) ? [{ label: main.title, path: main.path, icon }] : [],
  );
}
