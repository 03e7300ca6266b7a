import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { REPORT_NAMES, type ReportName } from '../../../contract/api/reports';
import { useSessionUser } from '../../hooks/useSession';
import { hasModuleAccess } from '../../providers/accessControl';

/** The reports' own pages after spec §2's six: inspection scores (issue 48) and recurring failures (49). */
const EXTRA_REPORTS = ['inspections', 'inspection-failures'] as const;
type TabName = ReportName | (typeof EXTRA_REPORTS)[number];

/** Tabs between the reports, keeping the filters (the address's query) from one to the next. */
export function ReportTabs({ value }: { value: TabName }) {
  const translate = useTranslate();
  const location = useLocation();
  const user = useSessionUser();
  const names: TabName[] = [...REPORT_NAMES];
  if (hasModuleAccess(user, 'inspection')) names.push(...EXTRA_REPORTS);
  return (
    <Tabs
      value={value}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={translate('reports.reports')}
    >
      {names.map((n) => (
        <Tab
          key={n}
          value={n}
          label={translate(`reports.names.${n}`)}
          component={Link}
          to={`/report/${n}${location.search}`}
        />
      ))}
    </Tabs>
  );
}
