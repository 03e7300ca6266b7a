import type { ReactNode } from 'react';
import { maxLength, type RaRecord, required, TextInput, useResourceContext } from 'react-admin';
import type { RecordPaths } from '../routing/recordPaths';
import { DuplicableCreate } from './DuplicableCreate';
import { RecordEdit } from './RecordScreens';

type NamedRecord = RaRecord & { name: string; description: string };

/**
 * What a named, described record (a role, a department) adds to its name and description on its
 * create and edit screens. The form and the API share the other fields' names.
 */
export interface NamedRecordForm<T extends NamedRecord> {
  /** The inputs after name and description. */
  inputs: ReactNode;
  /** What the API takes of those fields (the record also carries counts and dates it ignores). */
  body: (data: Record<string, unknown>) => Record<string, unknown>;
  /** Their values in a new record, and in a copy of `original`. */
  blank: Partial<T>;
  copy: (original: T) => Partial<T>;
}

/** The name and description, labelled `<resource>.fields.name` and `.description`, then the record's own inputs. */
function NamedRecordInputs({ children }: { children: ReactNode }) {
  const resource = useResourceContext();
  return (
    <>
      <TextInput
        source="name"
        label={`${resource}.fields.name`}
        validate={[required(), maxLength(100)]}
        sx={{ maxWidth: 480 }}
      />
      <TextInput
        source="description"
        label={`${resource}.fields.description`}
        validate={maxLength(500)}
        multiline
        minRows={2}
        sx={{ maxWidth: 720 }}
      />
      {children}
    </>
  );
}

const transformWith =
  <T extends NamedRecord>(form: NamedRecordForm<T>) =>
  (data: Record<string, unknown>) => ({
    name: data.name,
    description: data.description ?? '',
    ...form.body(data),
  });

/** The create screen, empty or (with an id) starting from a copy (spec §2 `/create/{id?}`), in the resource's words. */
export function NamedRecordCreate<T extends NamedRecord>({
  title,
  form,
  then,
}: {
  title: string;
  form: NamedRecordForm<T>;
  /** Where to go once created. */
  then: (created: T) => string;
}) {
  return (
    <DuplicableCreate<T>
      title={title}
      blank={{ name: '', description: '', ...form.blank } as Partial<T>}
      copy={(original, name) => ({ name, description: original.description, ...form.copy(original) })}
      transform={transformWith(form)}
      then={then}
    >
      <NamedRecordInputs>{form.inputs}</NamedRecordInputs>
    </DuplicableCreate>
  );
}

/** The edit screen (spec §2 `/edit/{id}`): confirmed by the record's new name, then on to its detail screen. */
export function NamedRecordEdit<T extends NamedRecord>({
  title,
  form,
  paths,
  actions,
}: {
  title: string;
  form: NamedRecordForm<T>;
  paths: RecordPaths;
  /** Buttons after "back" in the top toolbar. */
  actions: ReactNode;
}) {
  return (
    <RecordEdit<T>
      title={title}
      listPath={paths.list}
      actions={actions}
      transform={transformWith(form)}
      name={(saved) => saved.name}
      then={(saved) => paths.detail(saved.id)}
    >
      <NamedRecordInputs>{form.inputs}</NamedRecordInputs>
    </RecordEdit>
  );
}
