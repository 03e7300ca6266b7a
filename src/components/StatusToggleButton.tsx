import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, type ReactElement, useState } from 'react';
import { Button, Confirm, useNotify, useRefresh, useResourceContext } from 'react-admin';

interface StatusToggleButtonProps {
  /** True when the click switches the record off: that asks first, switching on does not. */
  off: boolean;
  /** i18n key of the button (and of the confirming button when switching off). */
  label: string;
  icon: ReactElement;
  color: 'primary' | 'error' | 'warning';
  variant?: 'text' | 'outlined';
  size?: 'small' | 'medium';
  disabled?: boolean;
  /** i18n keys of the confirmation's title and body, and their arguments. */
  confirmTitle: string;
  confirmBody: string;
  confirmArgs: Record<string, unknown>;
  /** The call; the server's refusal is shown as it words it. */
  run: () => Promise<unknown>;
  /** i18n key and arguments of the success message. */
  done: [message: string, args: Record<string, unknown>];
  /** What else must be fetched again once it changed (the list itself is refreshed). */
  afterChange?: () => Promise<unknown>;
}

/**
 * Switches a record on or off from its row or detail screen (a person, a workspace): switching
 * off asks first because it ends something for other people; a click in a list row does not
 * also open the row.
 */
export function StatusToggleButton({
  off,
  label,
  icon,
  color,
  variant = 'text',
  size = 'small',
  disabled = false,
  confirmTitle,
  confirmBody,
  confirmArgs,
  run,
  done: [message, messageArgs],
  afterChange,
}: StatusToggleButtonProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const resource = useResourceContext();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notify(message, { type: 'success', messageArgs });
      // A list fills each row's detail cache only where it is empty, so a detail cached before the
      // change would open showing the old status until it is fetched again: drop those not on
      // screen, and the list's next answer fills them afresh (the one on screen is refreshed).
      if (resource) queryClient.removeQueries({ queryKey: [resource, 'getOne'], type: 'inactive' });
      await afterChange?.();
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setConfirming(false),
  });
  return (
    <>
      <Button
        label={label}
        color={color}
        variant={variant}
        size={size}
        disabled={disabled || isPending}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          if (off) setConfirming(true);
          else mutate();
        }}
      >
        {icon}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={confirmTitle}
        content={confirmBody}
        translateOptions={confirmArgs}
        confirm={label}
        confirmColor="warning"
        onConfirm={() => mutate()}
        onClose={(event: MouseEvent) => {
          event.stopPropagation();
          setConfirming(false);
        }}
      />
    </>
  );
}
