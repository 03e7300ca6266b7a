import { useQuery } from '@tanstack/react-query';
import { maxLength, minLength, required, SelectInput, TextInput, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ACTION_PRIORITIES } from '../../../contract/api/actions';
import { DayInput } from '../../components/DayField';
import { DetailSection } from '../../components/DetailSection';
import { NodePicker } from '../../components/NodePicker';
import { messageChoices } from '../../i18n/choices';
import { ActionPhotoPicker } from './ActionPhotoPicker';
import { actionApi } from './actionApi';

const wide = { maxWidth: 720 };
const PRIORITY_CHOICES = messageChoices('actions.priority', ACTION_PRIORITIES);

/** What an action says: title, description, priority and due date (its create and edit screens). */
export function ActionTextInputs() {
  return (
    <>
      <TextInput
        source="title"
        label="actions.fields.title"
        validate={[required(), minLength(1), maxLength(200)]}
        sx={wide}
      />
      <TextInput
        source="description"
        label="actions.fields.description"
        validate={maxLength(4000)}
        multiline
        minRows={3}
        sx={wide}
      />
      <SelectInput
        source="priority"
        label="actions.fields.priority"
        choices={PRIORITY_CHOICES}
        validate={required()}
        sx={{ minWidth: 200 }}
      />
      <DayInput
        source="due_date"
        label="actions.fields.due_date"
        validate={required()}
        sx={{ maxWidth: 260 }}
      />
    </>
  );
}

/** The store an action concerns: a store (workspace) of the caller's part of the tree, not an area. */
export function StoreInput() {
  const translate = useTranslate();
  const { id, field, fieldState } = useInput({ source: 'store_id', validate: required() });
  const message = fieldState.error?.message;
  return (
    <NodePicker
      id={id}
      label={translate('actions.fields.store')}
      value={typeof field.value === 'number' ? field.value : null}
      onChange={(node, option) => field.onChange(option?.type === 'workspace' ? node : null)}
      helperText={message ? translate(message, { _: message }) : translate('actions.form.store_helper')}
      error={fieldState.invalid}
      includeWorkspaces
      required
    />
  );
}

/**
 * Who does it: someone the server offers for the store (there or above it, who reads actions), or
 * no one, which is the store's team. Without a store yet there is no one to offer.
 */
export function AssigneeInput({ storeId }: { storeId?: number }) {
  const chosen = useWatch({ name: 'store_id' }) as unknown;
  const store = storeId ?? (typeof chosen === 'number' ? chosen : undefined);
  const people = useQuery({
    queryKey: ['actions', 'assignees', store],
    queryFn: () => actionApi.assignees(store!),
    enabled: store !== undefined,
  });
  const helper =
    store === undefined
      ? 'actions.form.assignee_needs_store'
      : people.error
        ? 'actions.errors.assignees'
        : 'actions.form.assignee_helper';
  return (
    <SelectInput
      source="assignee_id"
      label="actions.fields.assignee"
      choices={people.data?.data ?? []}
      emptyText="actions.store_team"
      disabled={store === undefined}
      isPending={store !== undefined && people.isPending}
      helperText={helper}
      sx={{ minWidth: 260 }}
    />
  );
}

/** The photos the action is raised with, under their small heading. */
export function PhotosInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'photos', defaultValue: [] });
  const title = useWatch({ name: 'title' }) as unknown;
  const photos = Array.isArray(field.value) ? (field.value as string[]) : [];
  const label = translate('actions.fields.photos');
  return (
    <DetailSection title={label}>
      <ActionPhotoPicker
        photos={photos}
        onChange={field.onChange}
        label={typeof title === 'string' && title ? title : label}
      />
    </DetailSection>
  );
}
