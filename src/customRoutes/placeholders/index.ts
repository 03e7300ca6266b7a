import { lazy } from 'react';
import { type AccessRule, PLACEHOLDER_ACCESS } from '../../providers/accessControl';
import type { AppRoute, Page } from '../../routing/types';

const ComingSoonPage: Page = lazy(() => import('./ComingSoonPage'));
const UnderDevelopmentPage: Page = lazy(() => import('./UnderDevelopmentPage'));

/**
 * A route whose access is live but whose screen a later release delivers. The module that
 * delivers it replaces the call with its own route in its folder's index.ts.
 */
export const comingSoon = (path: string, access: AccessRule, title: string): AppRoute => ({
  path,
  access,
  title,
  page: ComingSoonPage,
});

const underDevelopment = (path: string, key: string): AppRoute => ({
  path,
  access: PLACEHOLDER_ACCESS,
  title: `pages.${key}`,
  description: `placeholders.${key}`,
  page: UnderDevelopmentPage,
});

/** Spec §1: library, insights, orders and surveys exist only as "under development" pages. */
export const placeholders = {
  routes: [
    underDevelopment('/library', 'library'),
    underDevelopment('/insight', 'insights'),
    underDevelopment('/insight/observation', 'observation'),
    underDevelopment('/insight/idea', 'idea'),
    underDevelopment('/insight/feedback', 'feedback'),
    underDevelopment('/insight/barometer', 'barometer'),
    underDevelopment('/insight/barometer-management', 'barometer_management'),
    underDevelopment('/order', 'orders'),
    underDevelopment('/survey', 'survey'),
    underDevelopment('/survey/management', 'survey_management'),
  ],
};
