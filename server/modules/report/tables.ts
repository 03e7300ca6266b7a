import type {
  AreaReport,
  CompletionFirstTimeReport,
  Metrics,
  OverallReport,
  ReportName,
  ReportQuery,
  StoreReport,
  TeamReport,
  TrendReport,
} from '../../../contract/api/reports';
import type { Table } from '../../lib/spreadsheet';

const METRIC_HEADER = [
  'Assigned',
  'Done',
  'On time',
  'Late',
  'Overdue',
  'Expired',
  "Can't do",
  'Waiting approval',
  'Completion %',
  'On-time %',
  'First-time-right %',
];
const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);
const metricCells = (m: Metrics) => [
  m.assigned,
  m.done,
  m.on_time,
  m.late,
  m.overdue,
  m.expired,
  m.cannot_do,
  m.waiting,
  percent(m.completion_rate),
  percent(m.on_time_rate),
  percent(m.first_time_right_rate),
];

const TITLES: Record<ReportName, string> = {
  overall: 'Overall',
  'completion-first-time': 'Completion and first time right',
  'completion-first-time-trend': 'Completion and first time right trend',
  'state-area-performance': 'State and area performance',
  'store-area-performance': 'Store and area performance',
  'team-member-performance': 'Team member performance',
};

/** A report's table, the rows the screen's table shows, for CSV and XLSX. */
export function reportTable(name: ReportName, data: unknown, query: ReportQuery): Table {
  const title = `${TITLES[name]} ${query.from} to ${query.to}`;
  switch (name) {
    case 'overall': {
      const report = data as OverallReport;
      return {
        title,
        header: ['Group', 'Name', ...METRIC_HEADER],
        rows: [
          ['All', 'All tasks', ...metricCells(report.totals)],
          ...report.by_type.map((r) => ['Type', r.name, ...metricCells(r)]),
          ...report.by_department.map((r) => ['Department', r.name, ...metricCells(r)]),
        ],
      };
    }
    case 'completion-first-time': {
      const report = data as CompletionFirstTimeReport;
      return {
        title,
        header: ['Task', ...METRIC_HEADER, 'Lowest completion at'],
        rows: report.rows.map((r) => [r.name, ...metricCells(r), r.worst.map((w) => w.name).join(', ')]),
      };
    }
    case 'completion-first-time-trend': {
      const report = data as TrendReport;
      return {
        title,
        header: [
          'Week starting',
          ...METRIC_HEADER,
          'Previous period: week starting',
          'Completion %',
          'First-time-right %',
        ],
        rows: report.weeks.map((w, i) => {
          const p = report.previous[i];
          return [
            w.week,
            ...metricCells(w),
            p?.week ?? null,
            percent(p?.completion_rate ?? null),
            percent(p?.first_time_right_rate ?? null),
          ];
        }),
      };
    }
    case 'state-area-performance': {
      const report = data as AreaReport;
      return {
        title,
        header: ['Name', ...METRIC_HEADER],
        rows: report.rows.map((r) => [r.name, ...metricCells(r)]),
      };
    }
    case 'store-area-performance': {
      const report = data as StoreReport;
      return {
        title,
        header: ['Name', ...METRIC_HEADER],
        rows: [
          ...report.rows.map((r) => [r.name, ...metricCells(r)]),
          [`${report.node.name} (average)`, ...metricCells(report.average)],
        ],
      };
    }
    case 'team-member-performance': {
      const report = data as TeamReport;
      return {
        title,
        header: [
          'Person',
          'Completed',
          'On time',
          'First time right',
          'Sent back',
          'Acknowledged',
          'On-time %',
          'First-time-right %',
        ],
        rows: report.rows.map((r) => [
          r.name,
          r.completed,
          r.on_time,
          r.first_time_right,
          r.rejected,
          r.acknowledged,
          percent(r.on_time_rate),
          percent(r.first_time_right_rate),
        ]),
      };
    }
  }
}
