import type { ReactNode } from 'react';
import {
  type CreateProps,
  LoadingIndicator,
  type RaRecord,
  useGetOne,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { LoadFailure } from './LoadFailure';
import { RecordCreate } from './RecordScreens';

interface DuplicableCreateProps<T extends RaRecord & { name: string }> {
  title: string;
  /** The form's values for a new record, and for a copy of `original` named `name`. */
  blank: Partial<T>;
  copy: (original: T, name: string) => Partial<T>;
  transform: CreateProps<T>['transform'];
  /** Where to go once created. */
  then: (created: T) => string;
  children: ReactNode;
}

/**
 * A create screen that can start from a copy (spec §2 `/create/{id?}`: roles, departments): with
 * an id in the path the form holds that record's values under "Copy of <name>"; a copy that cannot
 * be read says why and offers to try again instead of showing an empty form.
 */
export function DuplicableCreate<T extends RaRecord & { name: string }>({
  title,
  blank,
  copy,
  transform,
  then,
  children,
}: DuplicableCreateProps<T>) {
  useDocumentTitle(title);
  // The resource's name is its message prefix: `<resource>.copy_of` names the copy, `<resource>.notify.created` confirms.
  const resource = useResourceContext() ?? '';
  const { id } = useParams();
  const translate = useTranslate();
  const source = useGetOne<T>(resource, { id: Number(id) }, { enabled: id !== undefined });
  if (id !== undefined && source.error) return <LoadFailure error={source.error} onRetry={source.refetch} />;
  if (id !== undefined && source.isPending) return <LoadingIndicator />;
  const original = source.data;
  const record = original ? copy(original, translate(`${resource}.copy_of`, { name: original.name })) : blank;
  return (
    <RecordCreate<T>
      title={title}
      record={record}
      transform={transform}
      confirm={(created) => [`${resource}.notify.created`, { name: created.name }]}
      then={then}
    >
      {children}
    </RecordCreate>
  );
}
