import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RaRecord } from 'react-admin';
import type { ModuleId } from '../../contract/modules';
import type { AccessRule } from '../providers/accessControl';
import type { ResourceEndpoints } from '../providers/dataProvider/endpoints';

/**
 * The shapes every screen folder shares. This module imports types only, so pages import
 * PageProps from here without pulling in the route table that mounts them.
 */

/** What every routed page receives: its translated title. */
export interface PageProps {
  title: string;
  /** Translated one-line purpose of the screen, when the route declares one. */
  description?: string;
}

/** A screen, loaded when first opened so the first load carries none of them (design §8). */
export type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** One authenticated route of spec §2. `access` is what the guard checks; `title` is an i18n key. */
export interface AppRoute {
  path: string;
  access: AccessRule;
  title: string;
  /** i18n key of a one-line purpose (placeholder pages show it). */
  description?: string;
  page?: Page;
  /** Routes that only forward (spec §2 "/report redirects to /report/overall"). */
  redirect?: string;
  /** The react-admin resource the page works on; the route table fills it in from AppResource. */
  resource?: string;
}

/** What a folder of screens hands to the app (customRoutes/<folder>/index.ts). */
export interface AppPages {
  /** Shown wherever a menu links to the folder's first route. */
  icon?: SvgIconComponent;
  /** The folder's screens at spec §2's paths; the first is the one menus link to. */
  routes: readonly AppRoute[];
  /**
   * An administration screen: spec §2's main navigation has no entry for it, so the user menu
   * offers its first route (in the order of the folder list, src/screenRegistry.ts).
   */
  adminLink?: true;
}

/**
 * A react-admin resource's folder (resources/<folder>/index.ts): registered as
 * `<Resource name icon recordRepresentation>` with no views, because its screens live at the
 * spec's paths (`routes`), each rendered inside a ResourceContextProvider for `name`.
 */
export interface AppResource<RecordType extends RaRecord = RaRecord> extends AppPages {
  /** react-admin's resource name, as screens pass it to useCanAccess, the data provider and reference fields. */
  name: string;
  icon: SvgIconComponent;
  recordRepresentation(record: RecordType): string;
  /** The spec §6 module whose capabilities decide what may be done with the resource. */
  module: ModuleId;
  /** Where react-admin's CRUD calls for the resource go (design §3). */
  endpoints: ResourceEndpoints;
}

/** Every screen folder: a react-admin resource or a folder of custom pages. */
export type AppFolder = AppPages | AppResource;

export const isResource = (folder: AppFolder): folder is AppResource => 'name' in folder;

/**
 * What the app's registry (src/screenRegistry.ts) hands down to the layout, the guard, the menus
 * and the shared record screens, which sit below the screens and so cannot import them.
 */
export interface ScreenRegistry {
  /** Every authenticated route of spec §2. */
  routes: readonly AppRoute[];
  /** The administration folders, in the order the user menu offers them. */
  adminFolders: readonly AppPages[];
  /** The person's own profile, first in the user menu. */
  profile: AppPages;
  /** Who changed a record: the activity screen's view of its log, below a record's screen. */
  recordHistory: ComponentType<{ entity: string; id: number | string }>;
}
