import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import {
  Button,
  type ButtonProps,
  Confirm,
  type Identifier,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';

interface BulkCallButtonProps<Id extends Identifier> {
  /** The selected records the call applies to (the button is off when there are none). */
  ids: Id[];
  /** One call a record: the API takes one id at a time. */
  call: (id: Id) => Promise<unknown>;
  /** i18n key of the button, and of the confirmation's button. */
  label: string;
  icon: ReactElement;
  color: ButtonProps['color'];
  /** i18n keys of what is said after: how many were done (smart_count), how many failed and the first reason. */
  done: string;
  failed: string;
  /** i18n keys of a confirmation asked first (smart_count: how many); without one the click calls at once. */
  confirm?: { title: string; content: string };
}

/**
 * A list's bulk action made of one call a selected record. Refusals do not stop the others: they
 * are counted and the first reason shown; then the selection is cleared and the list reloaded.
 */
export function BulkCallButton<Id extends Identifier>({
  ids,
  call,
  label,
  icon,
  color,
  done,
  failed,
  confirm,
}: BulkCallButtonProps<Id>) {
  const { onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useMutation({
    mutationFn: (chosen: Id[]) => Promise.allSettled(chosen.map((id) => call(id))),
    onSuccess: (results) => {
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      const count = results.length - refused.length;
      if (count) notify(done, { type: 'success', messageArgs: { smart_count: count } });
      if (refused.length)
        notify(failed, {
          type: 'error',
          messageArgs: { smart_count: refused.length, reason: (refused[0]!.reason as Error).message },
        });
      setOpen(false);
      onUnselectItems();
      refresh();
    },
  });
  const run = () => mutate(ids);
  return (
    <>
      <Button
        label={label}
        color={color}
        disabled={isPending || ids.length === 0}
        onClick={() => (confirm ? setOpen(true) : run())}
      >
        {icon}
      </Button>
      {confirm && (
        <Confirm
          isOpen={open}
          loading={isPending}
          title={confirm.title}
          content={confirm.content}
          translateOptions={{ smart_count: ids.length }}
          confirm={label}
          confirmColor="warning"
          onConfirm={run}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
