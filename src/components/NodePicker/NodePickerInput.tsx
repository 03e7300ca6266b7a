import { type InputProps, useInput, useTranslate } from 'react-admin';
import { NodePicker } from './NodePicker';
import type { SelectionOptions } from './selectionTree';

export type NodePickerInputProps = Pick<InputProps, 'source' | 'validate' | 'defaultValue' | 'disabled'> &
  SelectionOptions & {
    /** An i18n key or text. */
    label?: string;
    helperText?: string;
  };

/** NodePicker as a react-admin form input holding one node id. */
export function NodePickerInput({
  source,
  validate,
  defaultValue,
  disabled,
  label,
  helperText,
  ...options
}: NodePickerInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput({ source, validate, defaultValue });
  const message = fieldState.error?.message;
  return (
    <NodePicker
      {...options}
      id={id}
      value={typeof field.value === 'number' ? field.value : null}
      onChange={(id) => field.onChange(id)}
      label={label ? translate(label, { _: label }) : undefined}
      helperText={
        message ? translate(message, { _: message }) : helperText && translate(helperText, { _: helperText })
      }
      error={fieldState.invalid}
      required={isRequired}
      disabled={disabled}
    />
  );
}
