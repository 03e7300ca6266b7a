import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import {
  Button,
  DeleteButton,
  type Identifier,
  type RaRecord,
  useCanAccess,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { RecordPaths } from '../routing/recordPaths';

type PathOf = (id: Identifier) => string;

const stop = (event: MouseEvent) => event.stopPropagation();

/** A link from the record to another of its screens, for those who may do `action` (a row's click stays in the row). */
function RecordLinkButton({
  action,
  to,
  label,
  icon,
}: {
  action: string;
  to: PathOf;
  label: string;
  icon: ReactElement;
}) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action });
  if (!record || !canAccess) return null;
  return (
    <Button component={Link} to={to(record.id)} label={label} onClick={stop}>
      {icon}
    </Button>
  );
}

/** Opens create/:id, which starts from a copy of this record (spec §2), worded `<resource>.actions.duplicate`. */
function DuplicateButton({ to }: { to: PathOf }) {
  const resource = useResourceContext();
  return (
    <RecordLinkButton
      action="create"
      to={to}
      label={`${resource}.actions.duplicate`}
      icon={<ContentCopyIcon />}
    />
  );
}

/** Opens the record's edit screen. */
function EditLinkButton({ to }: { to: PathOf }) {
  return <RecordLinkButton action="edit" to={to} label="ra.action.edit" icon={<EditIcon />} />;
}

/** A record's duplicate and edit links, then its delete button (`children`): on its detail screen and in its list row. */
export function RecordActions({ paths, children }: { paths: RecordPaths; children: ReactNode }) {
  return (
    <>
      <DuplicateButton to={paths.duplicate} />
      <EditLinkButton to={paths.edit} />
      {children}
    </>
  );
}

interface RecordDeleteButtonProps<T extends RaRecord> {
  /** Where to go once deleted (false: stay, as a list row does). */
  redirect: string | false;
  /** The confirmation's body, `<resource>.confirm.delete_body` unless it depends on the record. */
  confirmContent?: (record: T) => string;
  /** What the confirmation may say of the record besides its name. */
  confirmArgs?: (record: T) => Record<string, unknown>;
}

/**
 * Deletes after a confirmation (the resource's delete capability, which DeleteButton checks),
 * worded `<resource>.confirm.delete_title` and `<resource>.notify.deleted`.
 */
export function RecordDeleteButton<T extends RaRecord & { name: string }>({
  redirect,
  confirmContent,
  confirmArgs,
}: RecordDeleteButtonProps<T>) {
  const record = useRecordContext<T>();
  const resource = useResourceContext();
  if (!record) return null;
  return (
    <DeleteButton
      record={record}
      mutationMode="pessimistic"
      redirect={redirect}
      confirmTitle={`${resource}.confirm.delete_title`}
      confirmContent={confirmContent?.(record) ?? `${resource}.confirm.delete_body`}
      translateOptions={{ name: record.name, ...confirmArgs?.(record) }}
      successMessage={`${resource}.notify.deleted`}
    />
  );
}
