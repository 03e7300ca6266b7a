import { lazy } from 'react';
import { PLACEHOLDER_ACCESS } from '../../providers/accessControl';
import type { AppRoute, Page } from '../../routing/types';

const UnderDevelopmentPage: Page = lazy(() => import('./UnderDevelopmentPage'));

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
