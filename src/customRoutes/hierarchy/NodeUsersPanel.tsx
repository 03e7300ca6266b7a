import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { TreeNode } from '../../../contract/api/hierarchy';
import { displayName } from '../../../contract/personName';
import { SearchField } from '../../components/SearchField';
import { useDebounced } from '../../hooks/useDebounced';
import type { AppDataProvider } from '../../providers/dataProvider';
import { PickNodeDialog } from './NodeDialogs';

interface NodeUsersPanelProps {
  node: TreeNode;
  canTransfer: boolean;
}

/** The people positioned at the selected node (or below it), paged and searchable, with transfer. */
export function NodeUsersPanel({ node, canTransfer }: NodeUsersPanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [below, setBelow] = useState(false);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 250);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [picking, setPicking] = useState(false);

  // A different node, a new search or the "below" switch starts from the first page, nothing chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the triggers, not inputs
  useEffect(() => {
    setPage(0);
    setChosen(new Set());
  }, [node.id, below, search]);

  const query = useQuery({
    queryKey: ['hierarchy', 'assignments', node.id, below, page, perPage, search],
    queryFn: () =>
      dataProvider.listNodeAssignments({ nodeId: node.id, below, page: page + 1, perPage, search }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => chosen.has(r.id));

  const { mutate: transfer, isPending: busy } = useMutation({
    mutationFn: (target: number) => dataProvider.transferAssignments([...chosen], target),
    onSuccess: async (result) => {
      notify('hierarchy.transferred', { type: 'success', messageArgs: { smart_count: result.moved } });
      setPicking(false);
      setChosen(new Set());
      await queryClient.invalidateQueries({ queryKey: ['hierarchy'] });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {translate('hierarchy.people_title', { smart_count: total })}
        </Typography>
        {node.children.length > 0 && (
          <FormControlLabel
            control={<Switch size="small" checked={below} onChange={(e) => setBelow(e.target.checked)} />}
            label={<Typography variant="body2">{translate('hierarchy.include_below')}</Typography>}
          />
        )}
      </Stack>
      <SearchField label={translate('hierarchy.search_people')} value={searchText} onChange={setSearchText} />
      {canTransfer && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <Checkbox
            size="small"
            checked={allOnPage}
            indeterminate={!allOnPage && rows.some((r) => chosen.has(r.id))}
            disabled={rows.length === 0}
            onChange={(e) => {
              for (const r of rows) toggle(r.id, e.target.checked);
            }}
            slotProps={{ input: { 'aria-label': translate('hierarchy.choose_page') } }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {translate('hierarchy.chosen', { smart_count: chosen.size })}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={<SwapHorizIcon />}
            disabled={chosen.size === 0}
            onClick={() => setPicking(true)}
          >
            {translate('hierarchy.transfer')}
          </Button>
        </Stack>
      )}
      <Box sx={{ minHeight: 4, mt: 1 }}>{query.isFetching && <LinearProgress />}</Box>
      {rows.length === 0 && !query.isPending ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {translate(search ? 'hierarchy.no_people_match' : 'hierarchy.no_people')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={translate('hierarchy.people_list')}>
          {rows.map((person) => {
            const name = displayName(person);
            return (
              <ListItem
                key={person.id}
                disableGutters
                secondaryAction={<Chip size="small" label={person.role_name} />}
                sx={{ pr: 14 }}
              >
                {canTransfer && (
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Checkbox
                      size="small"
                      edge="start"
                      checked={chosen.has(person.id)}
                      onChange={(e) => toggle(person.id, e.target.checked)}
                      slotProps={{ input: { 'aria-label': translate('hierarchy.choose_person', { name }) } }}
                    />
                  </ListItemIcon>
                )}
                <ListItemText
                  primary={
                    <>
                      {name}
                      {!person.enabled && (
                        <Typography component="span" variant="caption" color="text.secondary">
                          {' '}
                          · {translate('hierarchy.disabled')}
                        </Typography>
                      )}
                    </>
                  }
                  secondary={below ? `${person.email} · ${person.node_name}` : person.email}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : page}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={translate('hierarchy.per_page')}
      />
      {picking && (
        <PickNodeDialog
          open
          title={translate('hierarchy.transfer_title', { smart_count: chosen.size })}
          body={translate('hierarchy.transfer_body')}
          submitLabel={translate('hierarchy.transfer_submit')}
          busy={busy}
          forPeople
          excludeIds={[]}
          onClose={() => setPicking(false)}
          onSubmit={transfer}
        />
      )}
    </Box>
  );
}
