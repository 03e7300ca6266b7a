import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ActionCounts, ActionState } from '../../../contract/api/actions';
import { RetryAlert } from '../../components/LoadFailure';
import type { AppDataProvider } from '../../providers/dataProvider';
import { actionListPath } from '../inspections/actionPaths';
import { Big, FigureCard } from './FigureCard';

/** The dashboard's action figures, each the list's total with `state=` the same name. */
const FIGURES = [
  { state: 'unresolved', colour: undefined },
  { state: 'overdue', colour: 'error.main' },
  { state: 'to_close', colour: 'warning.main' },
] as const satisfies readonly { state: ActionState & keyof ActionCounts; colour?: string }[];

/**
 * Issue 49, for those who read actions: open, overdue and to-close actions of the place (none
 * given: the caller's own), each card opening the actions list filtered the same way.
 */
export function ActionFigures({ nodeId }: { nodeId?: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const counts = useQuery({
    queryKey: ['dashboard', 'actions', nodeId ?? null],
    queryFn: () => dataProvider.getActionCounts(nodeId),
    refetchInterval: 5 * 60_000,
  });
  if (counts.error != null) return <RetryAlert error={counts.error} onRetry={() => counts.refetch()} />;
  const data = counts.data;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
      }}
      data-testid="action-figures"
    >
      {FIGURES.map(({ state, colour }) =>
        data ? (
          <FigureCard
            key={state}
            title={translate(`dashboard.actions_${state}`)}
            link={{
              to: actionListPath(nodeId === undefined ? { state } : { state, node_id: nodeId }),
              label: `dashboard.see_${state}`,
            }}
          >
            <Big colour={data[state] > 0 ? colour : undefined}>{data[state]}</Big>
          </FigureCard>
        ) : (
          <Skeleton key={state} variant="rounded" height={120} />
        ),
      )}
    </Box>
  );
}
