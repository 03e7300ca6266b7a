import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Title, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { COMPLIANCE_STATES } from '../../../contract/api/compliance';
import { RetryAlert } from '../../components/LoadFailure';
import { ScopeFilters } from '../../components/ScopeFilters';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useSessionUser } from '../../hooks/useSession';
import type { AppDataProvider } from '../../providers/dataProvider';
import { saveFile } from '../../providers/saveFile';
import { TaskDrawer } from '../../resources/myTasks/TaskDrawer';
import type { PageProps } from '../../routing/types';
import { type CellTarget, ComplianceTable } from './ComplianceTable';
import { gridQuery, useComplianceParams } from './complianceParams';
import { STATE_LOOK } from './complianceStates';

/**
 * /task/compliance: every compliance check of the range at every workspace in scope (or per area,
 * opening an area drills down), exceptions only on demand, and the same view as CSV or XLSX.
 * A store's own people complete its open checks from here.
 */
export default function CompliancePage({ title }: PageProps) {
  useDocumentTitle(title);
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const user = useSessionUser();
  const { canAccess: canComplete } = useCanAccess({ resource: 'compliance', action: 'complete' });
  const [params, update] = useComplianceParams();
  const query = gridQuery(params);
  const grid = useQuery({
    queryKey: ['compliance', query],
    queryFn: () => dataProvider.getComplianceGrid(query),
    placeholderData: keepPreviousData,
  });
  // The caller's own store: a position at a workspace node (the only place checks are completed from here).
  const ownWorkspace = user?.workspaceId != null ? user.workspaceNodeId : undefined;
  const openAssignment = grid.data?.rows
    .flatMap((row) => row.cells.map((cell) => ({ cell, column: grid.data.columns[cell.col] })))
    .find(({ cell }) => grid.data?.group === 'store' && cell.value === params.assignment);
  const completion =
    canComplete && openAssignment && openAssignment.column?.id === ownWorkspace ? 'compliance' : 'none';

  const open = ({ column, cells }: CellTarget) => {
    if (grid.data?.group === 'store') update({ assignment: cells[0]!.value });
    else if (column.type === 'container') update({ node_id: column.id });
    else update({ node_id: column.id, group: 'store' });
  };
  const download = async (format: 'csv' | 'xlsx') => {
    try {
      saveFile(await dataProvider.exportCompliance(query, format));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'compliance.export_failed', { type: 'error' });
    }
  };

  return (
    <Box sx={{ py: { xs: 1.5, sm: 2 } }}>
      <Title title={title} />
      <Stack spacing={2}>
        <ScopeFilters value={params} onChange={update} />
        <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={params.group}
            onChange={(_, value: 'store' | 'area' | null) => value && update({ group: value })}
            aria-label={translate('compliance.group')}
          >
            <ToggleButton value="store">{translate('compliance.by_store')}</ToggleButton>
            <ToggleButton value="area">{translate('compliance.by_area')}</ToggleButton>
          </ToggleButtonGroup>
          <FormControlLabel
            control={
              <Switch
                checked={params.exceptions === true}
                onChange={(event) => update({ exceptions: event.target.checked })}
              />
            }
            label={translate('compliance.exceptions')}
          />
          <Box sx={{ flex: 1 }} />
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => download('csv')}>
            CSV
          </Button>
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => download('xlsx')}>
            XLSX
          </Button>
        </Stack>
        {grid.data && (
          <Stack
            direction="row"
            useFlexGap
            sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
            aria-label={translate('compliance.legend')}
          >
            {grid.data.node && (
              <Typography variant="subtitle2" sx={{ mr: 1 }}>
                {grid.data.node.name}
              </Typography>
            )}
            {COMPLIANCE_STATES.map((state) => {
              const { colour, Icon } = STATE_LOOK[state];
              return (
                <Chip
                  key={state}
                  size="small"
                  variant="outlined"
                  icon={<Icon style={{ color: colour }} />}
                  label={`${translate(`compliance.states.${state}`)} ${grid.data.totals[state] ?? 0}`}
                />
              );
            })}
          </Stack>
        )}
        {grid.isFetching && <LinearProgress />}
        {grid.error != null && <RetryAlert error={grid.error} onRetry={() => grid.refetch()} />}
        {grid.data && grid.data.rows.length === 0 && (
          <Alert severity="info" data-testid="compliance-empty">
            {translate(params.exceptions ? 'compliance.no_exceptions' : 'compliance.nothing')}
          </Alert>
        )}
        {grid.data && grid.data.rows.length > 0 && <ComplianceTable grid={grid.data} onOpen={open} />}
      </Stack>
      <TaskDrawer
        assignmentId={params.assignment}
        onClose={() => update({ assignment: undefined })}
        completion={completion}
      />
    </Box>
  );
}
