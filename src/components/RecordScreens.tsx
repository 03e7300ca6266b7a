import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import {
  Create,
  type CreateProps,
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
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useRecordRoute } from '../hooks/useRecordRoute';
import { RecordHistory } from './RecordHistory';

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
      <RecordHistory entity={entity} id={id} />
    </Box>
  );
}

/**
 * What an edit and a detail screen share: the document title, the route's record (a record that
 * cannot be loaded says why and goes back to the list), and "back" then `actions` at the top.
 */
function useRecordScreen(title: string, listPath: string, actions: ReactNode) {
  useDocumentTitle(title);
  const { id, queryOptions } = useRecordRoute(listPath);
  return { id, title, queryOptions, actions: <BackActions listPath={listPath}>{actions}</BackActions> };
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
  const screen = useRecordScreen(title, listPath, actions);
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return (
    <Edit<T>
      {...screen}
      mutationMode="pessimistic"
      transform={transform}
      mutationOptions={{
        onSuccess: (saved) => {
          notify(`${resource}.notify.updated`, { type: 'success', messageArgs: { name: name(saved) } });
          redirect(() => then(saved));
        },
      }}
    >
      {summary}
      <SimpleForm {...form}>{children}</SimpleForm>
      <History entity={history} id={screen.id} />
    </Edit>
  );
}

interface RecordCreateProps<T extends RaRecord> {
  title: string;
  /** The form's first values. */
  record?: Partial<T>;
  transform?: CreateProps<T>['transform'];
  /** The confirmation, an i18n key and its arguments, from what was created and what was sent. */
  confirm: (created: T, sent: Record<string, unknown>) => [string, Record<string, unknown>];
  /** Where to go once created. */
  then: (created: T) => string;
  form?: Omit<SimpleFormProps, 'children'>;
  children: ReactNode;
}

/** A create screen (spec §2 `/create`): saved, confirmed in the screen's words, then sent on. */
export function RecordCreate<T extends RaRecord>({
  title,
  record,
  transform,
  confirm,
  then,
  form,
  children,
}: RecordCreateProps<T>) {
  useDocumentTitle(title);
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create<T>
      title={title}
      record={record}
      transform={transform}
      mutationOptions={{
        onSuccess: (created, variables) => {
          const [message, messageArgs] = confirm(created, { ...variables.data });
          notify(message, { type: 'success', messageArgs });
          redirect(() => then(created));
        },
      }}
    >
      <SimpleForm {...form}>{children}</SimpleForm>
    </Create>
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
  const screen = useRecordScreen(title, listPath, actions);
  return (
    <Show<T> {...screen} component="div">
      {children}
      <History entity={history} id={screen.id} />
    </Show>
  );
}
