import BarChartIcon from '@mui/icons-material/BarChart';
import { lazy } from 'react';
import { needs } from '../../providers/accessControl';
import { sectionRoutes } from '../../routing/sectionRoutes';
import type { AppPages } from '../../routing/types';

/** Spec §2 /report (→ /report/overall) and its six reports; the report capability is unshown, read is what the menu needs. */
export const reports: AppPages = {
  icon: BarChartIcon,
  routes: [
    ...sectionRoutes('/report', needs('report', 'read'), [
      { path: '/report/overall', title: 'pages.report_overall', page: lazy(() => import('./OverallPage')) },
      {
        path: '/report/completion-first-time',
        title: 'pages.report_completion_first_time',
        page: lazy(() => import('./CompletionFirstTimePage')),
      },
      {
        path: '/report/completion-first-time-trend',
        title: 'pages.report_completion_first_time_trend',
        page: lazy(() => import('./CompletionFirstTimeTrendPage')),
      },
      {
        path: '/report/state-area-performance',
        title: 'pages.report_state_area_performance',
        page: lazy(() => import('./StateAreaPerformancePage')),
      },
      {
        path: '/report/store-area-performance',
        title: 'pages.report_store_area_performance',
        page: lazy(() => import('./StoreAreaPerformancePage')),
      },
      {
        path: '/report/team-member-performance',
        title: 'pages.report_team_member_performance',
        page: lazy(() => import('./TeamMemberPerformancePage')),
      },
    ]),
    // Issue 48: inspection scores are the inspections' figures, read with their module.
    {
      path: '/report/inspections',
      title: 'pages.report_inspections',
      access: needs('inspection', 'read'),
      page: lazy(() => import('./InspectionScoresPage')),
    },
    // Issue 49: the questions that failed most often, with the same filters as the scores.
    {
      path: '/report/inspection-failures',
      title: 'pages.report_inspection_failures',
      access: needs('inspection', 'read'),
      page: lazy(() => import('./RecurringFailuresPage')),
    },
  ],
};
