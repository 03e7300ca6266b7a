import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { REPORT_NAMES, type ReportName } from '../../../contract/api/reports';

/** Tabs between the reports, keeping the filters (the address's query) from one to the next. */
export function ReportTabs({ value }: { value: ReportName }) {
  const translate = useTranslate();
  const location = useLocation();
  return (
    <Tabs
      value={value}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={translate('reports.reports')}
    >
      {REPORT_NAMES.map((n) => (
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
