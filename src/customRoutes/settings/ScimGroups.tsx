import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ScimGroup, ScimGroupList, ScimGroupUpdateBody } from '../../../contract/api/scim';
import { RefreshAlert } from '../../components/LoadFailure';
import { NodePicker } from '../../components/NodePicker';
import { ApiError, apiFetch } from '../../providers/httpClient';
import { type RoleChoice, useRoleChoices } from '../../resources/users/useRoleChoices';
import { scimGroupsQuery } from './settingsQueries';

/** The select's value for "no role": a select cannot hold null. */
const NONE = '';

/**
 * One group: its name and members, and the position it gives (a place and a role, or neither),
 * saved on its own. The role it holds stays listed even before the role list has loaded. Saving
 * writes the answer into the list, which then equals what is chosen here.
 */
function GroupItem({ group, roles }: { group: ScimGroup; roles: RoleChoice[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const id = useId();
  const [nodeId, setNodeId] = useState(group.node_id);
  const [roleId, setRoleId] = useState(group.role_id);
  const [shown, setShown] = useState(false);
  const save = useMutation({
    mutationFn: (body: ScimGroupUpdateBody) =>
      apiFetch<ScimGroup>('/api/scim/group/update', {
        method: 'PUT',
        body,
        fallback: 'errors.settings_save',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<ScimGroupList>(scimGroupsQuery().queryKey, (list) =>
        list?.map((g) => (g.id === saved.id ? saved : g)),
      );
      notify('settings.scim.groups.saved', { type: 'info', messageArgs: { name: saved.display_name } });
    },
  });
  const half = (nodeId === null) !== (roleId === null);
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const choices =
    group.role_id !== null && group.role_name !== null && !roles.some((r) => r.id === group.role_id)
      ? [...roles, { id: group.role_id, name: group.role_name, disabled: false }]
      : roles;

  return (
    <ListItem divider data-testid="scim-group" sx={{ display: 'block', px: { xs: 0, sm: 1 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ gap: { xs: 1, md: 2 }, alignItems: { xs: 'stretch', md: 'center' } }}
      >
        <Box sx={{ flex: { md: '1 1 12rem' }, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h4" sx={{ overflowWrap: 'anywhere' }}>
            {group.display_name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('settings.scim.groups.members', { smart_count: group.members })}
          </Typography>
        </Box>
        <Box sx={{ flex: { md: '2 1 16rem' }, minWidth: 0 }}>
          <NodePicker
            id={`${id}-node`}
            value={nodeId}
            onChange={(next) => setNodeId(next)}
            label={translate('settings.scim.groups.place')}
            includeWorkspaces
            size="small"
            error={Boolean(errors.node_id)}
            helperText={errors.node_id}
          />
        </Box>
        <TextField
          select
          id={`${id}-role`}
          size="small"
          label={translate('settings.scim.groups.role')}
          value={roleId ?? NONE}
          onChange={(e) => setRoleId(e.target.value === NONE ? null : Number(e.target.value))}
          error={Boolean(errors.role_id)}
          helperText={errors.role_id}
          sx={{ flex: { md: '1 1 12rem' }, minWidth: 0 }}
        >
          <MenuItem value={NONE}>
            <em>{translate('settings.scim.groups.no_role')}</em>
          </MenuItem>
          {choices.map((role) => (
            <MenuItem key={role.id} value={role.id} disabled={role.disabled}>
              {role.name}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <Button
            variant="outlined"
            loading={save.isPending}
            aria-label={translate('settings.scim.groups.save_named', { name: group.display_name })}
            onClick={() => {
              setShown(true);
              if (!half) save.mutate({ id: group.id, node_id: nodeId, role_id: roleId });
            }}
          >
            {translate('settings.scim.groups.save')}
          </Button>
        </Box>
      </Stack>
      <Box role="status">
        {shown && half && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate('settings.scim.groups.both_or_neither')}
          </Alert>
        )}
        {save.error && !errors.node_id && !errors.role_id && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {save.error.message}
          </Alert>
        )}
      </Box>
    </ListItem>
  );
}

/** The groups, with the roles to choose from: asked for only once there is a group to give one. */
function GroupList({ groups }: { groups: ScimGroupList }) {
  const { choices } = useRoleChoices();
  return (
    <List disablePadding aria-labelledby="scim-groups-title">
      {groups.map((group) => (
        <GroupItem key={group.id} group={group} roles={choices} />
      ))}
    </List>
  );
}

/**
 * The groups the directory pushed: joining one gives its members the position chosen here, leaving
 * it takes that position away. Until the directory sends a group, the list says where to start.
 */
export function ScimGroups() {
  const translate = useTranslate();
  const { data, error, refetch } = useQuery(scimGroupsQuery());
  return (
    <Stack spacing={1} component="section" aria-labelledby="scim-groups-title">
      <Typography variant="subtitle1" component="h3" id="scim-groups-title">
        {translate('settings.scim.groups.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('settings.scim.groups.help')}
      </Typography>
      {error ? (
        <RefreshAlert error={error} onRefresh={() => refetch()} />
      ) : !data ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : data.length === 0 ? (
        <Alert severity="info" data-testid="scim-groups-empty">
          {translate('settings.scim.groups.empty')}
        </Alert>
      ) : (
        <GroupList groups={data} />
      )}
    </Stack>
  );
}
