import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useListContext, useTranslate } from 'react-admin';
import { ACTION_STATES, type ActionState } from '../../../contract/api/actions';

const QUICK_FILTERS = ['mine', ...ACTION_STATES, 'all'] as const;
type QuickFilter = (typeof QUICK_FILTERS)[number];

/** Which quick filter the list's filter is. */
function quickFilterOf(filter: Record<string, unknown>): QuickFilter {
  if (filter.mine === true || filter.mine === 'true') return 'mine';
  const state = filter.state as ActionState | undefined;
  return state && ACTION_STATES.includes(state) ? state : 'all';
}

/**
 * The list's quick filters, as tabs above it: the caller's own (`mine`), one of the README's
 * states (`state=`), or all; the other filters stay as they are.
 */
export function ActionQuickFilters() {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const current = quickFilterOf(filterValues);
  const choose = (next: QuickFilter) => {
    const { mine: _mine, state: _state, ...rest } = filterValues as Record<string, unknown>;
    const quick = next === 'mine' ? { mine: true } : next === 'all' ? {} : { state: next };
    setFilters({ ...rest, ...quick }, displayedFilters);
  };
  return (
    <Tabs
      value={current}
      onChange={(_, next: QuickFilter) => choose(next)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('actions.tabs.label')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {QUICK_FILTERS.map((filter) => (
        <Tab key={filter} value={filter} label={translate(`actions.tabs.${filter}`)} sx={{ minHeight: 48 }} />
      ))}
    </Tabs>
  );
}
