import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import {
  Edit,
  type EditProps,
  ListButton,
  type RaRecord,
  Show,
  SimpleForm,
  type SimpleFormProps,
  TopToolbar,
  useNotify,
  useRedirect,
  useResourceContext,
} from 'react-admin';
import { ActivityHistory } from '../customRoutes/activity/ActivityHistory';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useRecordRoute } from '../hooks/useRecordRoute';

/** The top toolbar of a record's screen: back to the list, worded `<resource>.actions.back`, then the screen's buttons. */
function BackActions({ listPath, children }: { listPath: string; children?: ReactNode }) {
  const resource = useResourceContext();
  return (
    <TopToolbar>
      <ListButton to={listPath} label={`${resource}.actions.back`} />
      {children}
    </TopToolbar>
  );
}

/** Who changed the record (the activity log's latest entries about it), below the screen. */
function History({ entity, id }: { entity?: string; id: number }) {
  if (!entity) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <ActivityHistory entity={entity} id={id} />
    </Box>
  );
}

interface RecordEditProps<T extends RaRecord> {
  title: string;
  /** Where "back" and a record that cannot be loaded go. */
  listPath: string;
  /** Buttons after "back" in the top toolbar. */
  actions?: ReactNode;
  transform: EditProps<T>['transform'];
  /** The name the confirmation says. */
  name: (saved: T) => string;
  /** Where to go once saved. */
  then: (saved: T) => string;
  /** Above the form. */
  summary?: ReactNode;
  form?: Omit<SimpleFormProps, 'children'>;
  /** Who changed the record, below the form. */
  history?: string;
  children: ReactNode;
}

/**
 * An edit screen by the route's id (the resource's messages: `<resource>.notify.updated` confirms) (spec §2 `/edit/{id}`): saved pessimistically, confirmed by
 * name, then sent on; a record that cannot be loaded says why and goes back to the list.
 */
export function RecordEdit<T extends RaRecord>({
  title,
  listPath,
  actions,
  transform,
  name,
  then,
  summary,
  form,
  history,
  children,
}: RecordEditProps<T>) {
  useDocumentTitle(title);
  const { id, queryOptions } = useRecordRoute(listPath);
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    <Edit<T>
      id={id}
      title={title}
      actions={<BackActions listPath={listPath}>{actions}</BackActions>}
      mutationMode="pessimistic"
      transform={transform}
      queryOptions={queryOptions}
      mutationOptions={{
        onSuccess: (saved) => {
          notify(`${resource}.notify.updated`, { type: 'success', messageArgs: { name: name(saved) } });
          redirect(() => then(saved));
        },
      }}
    >
      {summary}
      <SimpleForm {...form}>{children}</SimpleForm>
      <History entity={history} id={id} />
    </Edit>
  );
}

interface RecordShowProps {
  title: string;
  /** Where "back" and a record that cannot be loaded go. */
  listPath: string;
  /** Buttons after "back" in the top toolbar. */
  actions?: ReactNode;
  /** Who changed the record, below the details. */
  history?: string;
  children: ReactNode;
}

/** A detail screen by the route's id (spec §2 `/detail/{id}`); a record that cannot be loaded says why and goes back to the list. */
export function RecordShow<T extends RaRecord>({
  title,
  listPath,
  actions,
  history,
  children,
}: RecordShowProps) {
  useDocumentTitle(title);
  const { id, queryOptions } = useRecordRoute(listPath);
  return (
    <Show<T>
      id={id}
      title={title}
      actions={<BackActions listPath={listPath}>{actions}</BackActions>}
      component="div"
      queryOptions={queryOptions}
    >
      {children}
      <History entity={history} id={id} />
    </Show>
  );
}
