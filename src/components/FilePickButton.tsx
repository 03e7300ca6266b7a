import Button, { type ButtonProps } from '@mui/material/Button';
import { type ChangeEvent, useRef } from 'react';

type FilePickButtonProps = Omit<ButtonProps, 'onClick' | 'children' | 'component'> & {
  label: string;
  accept?: string;
  capture?: 'environment';
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  /** The input's data-testid, for tests that hand it a file. */
  inputTestId?: string;
};

/**
 * A button that opens the file picker. A real button opening a hidden file input, not a <label>
 * playing a button (axe aria-allowed-role); the input carries the same name, so assistive
 * technology and tests reach the picker by it. Picking the same file again (after removing or
 * correcting it) fires again.
 */
export function FilePickButton({
  label,
  accept,
  capture,
  multiple,
  onFiles,
  disabled,
  inputTestId,
  ...button
}: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <Button {...button} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        multiple={multiple}
        accept={accept}
        capture={capture}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
        tabIndex={-1}
        data-testid={inputTestId}
      />
    </>
  );
}
