import { Datagrid, FunctionField, List, SearchInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import type { WorkspaceRecord } from '../../../contract/api/workspaces';
import { WorkspaceStatusChip } from '../../components/WorkspaceStatusChip';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useSessionUser } from '../../hooks/useSession';
import type { PageProps } from '../../routing/types';

const detail = (id: number | string) => `/workspace/detail/${id}`;

/**
 * Spec §2 /workspace ({workspace term} Info, storeinfo.read): the workspaces in the user's part of
 * the organisation, read-only. Someone who works at a workspace opens straight on their own.
 */
export default function StoreList({ title }: PageProps) {
  const user = useSessionUser();
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const position = user?.position_list.find((p) => p.id === user.positionId);
  if (position?.node_type === 'workspace' && user?.workspaceId)
    return <Navigate to={detail(user.workspaceId)} replace />;
  return (
    <List
      title={title}
      filters={[
        <SearchInput
          key="search"
          source="search_key"
          alwaysOn
          placeholder={translate('workspaces.search')}
        />,
      ]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      actions={false}
      storeKey="storeinfo.list"
      empty={false}
    >
      {isMobile ? (
        <SimpleList<WorkspaceRecord>
          primaryText={(r) => r.name}
          secondaryText={(r) => [r.identifier, r.suburb || r.city].filter(Boolean).join(' · ')}
          tertiaryText={(r) => r.location}
          rowClick={(id) => detail(id)}
        />
      ) : (
        <Datagrid rowClick={(id) => detail(id)} bulkActionButtons={false}>
          <TextField source="name" label="workspaces.fields.name" />
          <TextField source="identifier" label="workspaces.fields.identifier" />
          <TextField source="location" label="workspaces.fields.location" sortable={false} />
          <TextField source="suburb" label="workspaces.fields.suburb" sortable={false} />
          <TextField source="city" label="workspaces.fields.city" />
          <TextField source="contact" label="workspaces.fields.contact" sortable={false} />
          <FunctionField<WorkspaceRecord>
            source="status"
            label="workspaces.fields.status"
            render={(r) => <WorkspaceStatusChip record={r} />}
          />
        </Datagrid>
      )}
    </List>
  );
}
