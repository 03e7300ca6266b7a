import type { AccessRule } from '../providers/accessControl';
import type { AppRoute, Page } from './types';

interface SectionPage {
  path: string;
  /** i18n key of the page title. */
  title: string;
  page: Page;
}

/**
 * The routes of a menu section whose pages all need the same `access`: the section's own path
 * (the menu parent's) forwards to its first page (spec §2: "/report redirects to /report/overall").
 */
export function sectionRoutes(
  base: string,
  access: AccessRule,
  pages: readonly [SectionPage, ...SectionPage[]],
) {
  const [first] = pages;
  const forward: AppRoute = { path: base, access, title: first.title, redirect: first.path };
  return [forward, ...pages.map((page): AppRoute => ({ ...page, access }))];
}
