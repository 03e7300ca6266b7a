import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { Figure } from '../../components/Figure';
import { scorePercent } from '../../components/scorePercent';
import { SCOPE_NAMES, useDefaultRange } from '../../hooks/scopeParams';
import { useSessionUser } from '../../hooks/useSession';
import { hasModuleAccess } from '../../providers/accessControl';
import type { AppDataProvider } from '../../providers/dataProvider';

/**
 * The store's inspection scores over the last 90 days (issue 48), from the same figures as the
 * inspection scores report, with a link to that report for this store. Shown to people who may
 * read inspections.
 */
export function StoreInspections() {
  const user = useSessionUser();
  const record = useRecordContext<WorkspaceRecord>();
  if (!record || !hasModuleAccess(user, 'inspection')) return null;
  return <StoreScores nodeId={record.node_id} />;
}

function StoreScores({ nodeId }: { nodeId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const range = useDefaultRange('last_90_days');
  const scores = useQuery({
    queryKey: ['report', 'inspections', range.from, range.to, nodeId],
    queryFn: () => dataProvider.getInspectionScores({ from: range.from, to: range.to, node_id: nodeId }),
  });
  const totals = scores.data?.totals;
  const title = translate('workspaces.inspections.title');
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mt: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {totals && totals.inspections === 0 && (
        <Typography color="text.secondary">{translate('workspaces.inspections.none')}</Typography>
      )}
      {totals && totals.inspections > 0 && (
        <Stack direction="row" useFlexGap sx={{ gap: 3, flexWrap: 'wrap', my: 1 }}>
          <Figure label="reports.inspection_scores.inspections">{totals.inspections}</Figure>
          <Figure label="reports.inspection_scores.average">{scorePercent(totals.average)}</Figure>
          <Figure label="reports.inspection_scores.failed_items">{totals.failed_items}</Figure>
        </Stack>
      )}
      <Link
        component={RouterLink}
        to={`/report/inspections?${SCOPE_NAMES.from}=${range.from}&${SCOPE_NAMES.to}=${range.to}&${SCOPE_NAMES.node_id}=${nodeId}`}
      >
        {translate('workspaces.inspections.open_report')}
      </Link>
    </Paper>
  );
}
