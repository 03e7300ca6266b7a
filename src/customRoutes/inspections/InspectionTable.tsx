import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { InspectionRow } from '../../../contract/api/inspections';
import { StateChip } from '../../components/StateChip';
import { useDateFormat } from '../../hooks/useDateFormat';
import { useIsMobile } from '../../hooks/useIsMobile';
import { percentText, ScoreChip } from './ScoreChip';

const pathOf = (row: InspectionRow) => `/audit/inspection/${row.id}`;

function Score({ row }: { row: InspectionRow }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{percentText(row.percentage, translate)}</span>
      {row.status === 'completed' ? (
        <ScoreChip passed={row.passed} />
      ) : (
        <StateChip label="inspections.status.in_progress" color="info" outlined />
      )}
    </Stack>
  );
}

/**
 * The inspections found: a table at a desk, a card each on a phone; a row opens its inspection
 * (the runner while it is under way, else its report).
 */
export function InspectionTable({ rows }: { rows: readonly InspectionRow[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { dateTime } = useDateFormat();
  const isMobile = useIsMobile();
  const template = (row: InspectionRow) =>
    translate('inspections.template_version', { name: row.template.name, version: row.template.version });

  if (isMobile) {
    return (
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {rows.map((row) => (
          <li key={row.id}>
            <Card variant="outlined">
              <CardActionArea component={Link} to={pathOf(row)} sx={{ p: 1.5 }}>
                <Typography variant="subtitle1">{row.store.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {template(row)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {row.inspector.name} · {dateTime(row.completed_at ?? row.started_at)}
                </Typography>
                <Stack direction="row" sx={{ gap: 1, mt: 0.5, alignItems: 'center' }}>
                  <Score row={row} />
                  {row.failed_count > 0 && (
                    <Typography variant="body2" color="error">
                      {translate('inspections.score.failed_items', { smart_count: row.failed_count })}
                    </Typography>
                  )}
                </Stack>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('inspections.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('inspections.columns.store')}</TableCell>
            <TableCell>{translate('inspections.columns.template')}</TableCell>
            <TableCell>{translate('inspections.columns.inspector')}</TableCell>
            <TableCell>{translate('inspections.columns.started')}</TableCell>
            <TableCell>{translate('inspections.columns.finished')}</TableCell>
            <TableCell>{translate('inspections.columns.score')}</TableCell>
            <TableCell align="right">{translate('inspections.columns.failed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              hover
              onClick={() => navigate(pathOf(row))}
              sx={{ cursor: 'pointer' }}
              data-testid="inspection-row"
            >
              <TableCell>
                <Link to={pathOf(row)} onClick={(event) => event.stopPropagation()}>
                  {row.store.name}
                </Link>
              </TableCell>
              <TableCell>{template(row)}</TableCell>
              <TableCell>{row.inspector.name}</TableCell>
              <TableCell>{dateTime(row.started_at)}</TableCell>
              <TableCell>{row.completed_at ? dateTime(row.completed_at) : '—'}</TableCell>
              <TableCell>
                <Score row={row} />
              </TableCell>
              <TableCell align="right">{row.failed_count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
