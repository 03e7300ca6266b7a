import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';

/** Another line of the queue that still has work waiting, offered once this one has none. */
export interface NextLine {
  name: string;
  open: () => void;
}

/**
 * Said once a decision leaves nothing waiting in the list, offering the next line of the queue
 * (never another task's work unasked) or closing.
 */
export function NothingMoreWaiting({
  name,
  nextLine,
  onClose,
}: {
  name: string;
  nextLine: NextLine | undefined;
  onClose: () => void;
}) {
  const translate = useTranslate();
  // The decision's buttons are gone, so the focus goes to what comes next (the next line or
  // Close) rather than being lost to the page, where Escape no longer closes.
  const endActions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endActions.current?.querySelector('button')?.focus();
  }, []);
  return (
    <Alert severity="success" role="status" sx={{ mb: 2 }}>
      {translate('audit.nothing_more_waiting', { name })}
      {/* Below the sentence, not beside it: a phone has no room for both on one line. */}
      <Stack ref={endActions} direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
        {nextLine && (
          <Button variant="outlined" color="inherit" size="small" onClick={nextLine.open}>
            {translate('audit.next_line', { name: nextLine.name })}
          </Button>
        )}
        <Button color="inherit" size="small" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </Stack>
    </Alert>
  );
}
