import type { ModuleId } from '../../contract/modules';
import { type AccessRule, needs } from '../providers/accessControl';
import type { AppRoute, Page } from './types';

interface Screen {
  /** i18n key of the page title. */
  title: string;
  page: Page;
  /** Who may open it, when not the screen's usual capability of the module. */
  access?: AccessRule;
}

interface RecordScreens {
  /** At `base`, for those who may read or change the records. */
  list?: Screen;
  /** At `base/detail/:id`, for readers. */
  detail?: Screen;
  /** At `base/create`. */
  create?: Screen;
  /** At `base/create/:id?`: with an id the form starts from a copy of that record. */
  duplicable?: Screen;
  /** At `base/edit/:id`. */
  edit?: Screen;
}

/** The routes of a resource's screens under `base`, in this order, each with what it needs of `module`. */
export function recordRoutes(module: ModuleId, base: string, screens: RecordScreens): AppRoute[] {
  const { list, detail, create, duplicable, edit } = screens;
  const route = (path: string, screen: Screen | undefined, access: AccessRule): AppRoute[] =>
    screen ? [{ path, access: screen.access ?? access, title: screen.title, page: screen.page }] : [];
  return [
    ...route(base, list, needs(module, 'read', 'update')),
    ...route(`${base}/detail/:id`, detail, needs(module, 'read')),
    ...route(`${base}/create`, create, needs(module, 'create')),
    ...route(`${base}/create/:id?`, duplicable, needs(module, 'create')),
    ...route(`${base}/edit/:id`, edit, needs(module, 'update')),
  ];
}
