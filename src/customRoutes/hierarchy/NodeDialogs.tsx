import Autocomplete from '@mui/material/Autocomplete';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { WorkspaceObjectInput } from '../../../contract/api/hierarchy';
import { FormDialog } from '../../components/FormDialog';
import { NodePicker } from '../../components/NodePicker';
import { ApiError } from '../../providers/httpClient';
import { browserTimeZone, timeZoneNames } from '../../session/timezone';

/** Field errors of a refused request, so each message lands under its own field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.errors : {};
}

export interface NewNode {
  type: 'container' | 'workspace';
  name: string;
  object?: WorkspaceObjectInput;
}

interface AddNodeDialogProps {
  open: boolean;
  type: 'container' | 'workspace';
  parentName: string;
  busy: boolean;
  errors: Record<string, string>;
  onClose: () => void;
  onSubmit: (node: NewNode) => void;
}

/** Adds a container, or a workspace with the essentials (the rest is edited on its own screen). */
export function AddNodeDialog({
  open,
  type,
  parentName,
  busy,
  errors,
  onClose,
  onSubmit,
}: AddNodeDialogProps) {
  const translate = useTranslate();
  const zones = useMemo(timeZoneNames, []);
  const [name, setName] = useState('');
  const [identifier, setIdentifier] = useState('');
  const [timezone, setTimezone] = useState<string | null>(browserTimeZone());
  const [touched, setTouched] = useState(false);
  const workspace = type === 'workspace';
  const nameError = touched && !name.trim() ? translate('ra.validation.required') : errors.name;
  const identifierError =
    touched && workspace && !identifier.trim()
      ? translate('ra.validation.required')
      : (errors['object.identifier'] ?? undefined);
  const submit = () => {
    setTouched(true);
    if (!name.trim() || (workspace && !identifier.trim())) return;
    onSubmit(
      workspace
        ? { type, name: name.trim(), object: { identifier: identifier.trim(), timezone } }
        : { type, name: name.trim() },
    );
  };
  return (
    <FormDialog
      open={open}
      title={translate(workspace ? 'hierarchy.add_workspace_title' : 'hierarchy.add_container_title', {
        parent: parentName,
      })}
      submitLabel={translate('ra.action.create')}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        label={translate('hierarchy.fields.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(nameError)}
        helperText={nameError}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      {workspace && (
        <>
          <TextField
            label={translate('hierarchy.fields.identifier')}
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            error={Boolean(identifierError)}
            helperText={identifierError ?? translate('hierarchy.identifier_help')}
            required
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
          <Autocomplete
            options={zones}
            value={timezone}
            onChange={(_, zone) => setTimezone(zone)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate('hierarchy.fields.timezone')}
                error={Boolean(errors['object.timezone'])}
                helperText={errors['object.timezone']}
              />
            )}
          />
        </>
      )}
    </FormDialog>
  );
}

interface RenameDialogProps {
  open: boolean;
  current: string;
  busy: boolean;
  error?: string;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

export function RenameDialog({ open, current, busy, error, onClose, onSubmit }: RenameDialogProps) {
  const translate = useTranslate();
  const [name, setName] = useState(current);
  const blank = !name.trim();
  return (
    <FormDialog
      open={open}
      title={translate('hierarchy.rename_title', { name: current })}
      submitLabel={translate('ra.action.save')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => !blank && onSubmit(name.trim())}
    >
      <TextField
        label={translate('hierarchy.fields.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={blank || Boolean(error)}
        helperText={blank ? translate('ra.validation.required') : error}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
    </FormDialog>
  );
}

interface PickNodeDialogProps {
  open: boolean;
  title: string;
  body?: string;
  submitLabel: string;
  busy: boolean;
  /** Picker rules: a move offers containers; a transfer also offers workspaces and unassigned. */
  forPeople: boolean;
  excludeIds: readonly number[];
  onClose: () => void;
  onSubmit: (nodeId: number) => void;
}

/** Choose a destination with the node picker: moving a node (keyboard and touch friendly) or people. */
export function PickNodeDialog(props: PickNodeDialogProps) {
  const translate = useTranslate();
  const [target, setTarget] = useState<number | null>(null);
  return (
    <FormDialog
      open={props.open}
      title={props.title}
      submitLabel={props.submitLabel}
      busy={props.busy}
      submitDisabled={target === null}
      onClose={props.onClose}
      onSubmit={() => target !== null && props.onSubmit(target)}
    >
      {props.body && <DialogContentText>{props.body}</DialogContentText>}
      <NodePicker
        value={target}
        onChange={setTarget}
        label={translate('hierarchy.destination')}
        includeWorkspaces={props.forPeople}
        includeUnassigned={props.forPeople}
        includeInactive={props.forPeople}
        allowEmptyContainers
        excludeIds={props.excludeIds}
        autoFocus
      />
    </FormDialog>
  );
}
