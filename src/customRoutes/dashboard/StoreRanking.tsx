import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import type { DashboardSummary } from '../../../contract/api/reports';
import { percent } from '../reports/format';

/**
 * The stores of the caller's part of the tree by completion, each at its place: all of them when
 * there are few, else both ends with how many lie between (issue 44: none is left unseen).
 */
export function StoreRanking({ stores }: { stores: DashboardSummary['stores'] }) {
  const translate = useTranslate();
  return (
    <List dense disablePadding>
      {stores.rows.map((r, i) => {
        const skipped = i > 0 ? r.place - stores.rows[i - 1]!.place - 1 : 0;
        return (
          <Fragment key={r.id}>
            {skipped > 0 && (
              <ListItem disableGutters>
                <Divider sx={{ flex: 1 }} textAlign="center">
                  <Typography variant="caption" color="text.secondary">
                    {translate('dashboard.ranked_between', { smart_count: skipped })}
                  </Typography>
                </Divider>
              </ListItem>
            )}
            <ListItem
              disableGutters
              secondaryAction={<Typography variant="body2">{percent(r.completion_rate)}</Typography>}
            >
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ minWidth: '2.5ch', mr: 1, fontVariantNumeric: 'tabular-nums' }}
              >
                {r.place}
              </Typography>
              <ListItemText primary={r.name} secondary={`${r.done}/${r.assigned}`} />
            </ListItem>
          </Fragment>
        );
      })}
    </List>
  );
}
