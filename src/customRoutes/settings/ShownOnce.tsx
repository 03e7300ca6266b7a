import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/** What a copy button says, as i18n keys: its label, and the two outcomes. */
export interface CopyTexts {
  label: string;
  copied: string;
  failed: string;
}

/** Copies `text` and says whether it worked: a browser may refuse the clipboard (no https, no focus). */
export function CopyButton({
  text,
  texts,
  ariaLabel,
  variant = 'outlined',
}: {
  text: string;
  texts: CopyTexts;
  /** When the visible label alone does not say what is copied. */
  ariaLabel?: string;
  variant?: 'outlined' | 'text';
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify(texts.copied, { type: 'info' });
    } catch {
      notify(texts.failed, { type: 'warning' });
    }
  };
  return (
    <Button
      variant={variant}
      startIcon={<ContentCopyIcon />}
      onClick={() => void copy()}
      aria-label={ariaLabel}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {translate(texts.label)}
    </Button>
  );
}

/** Text to be copied exactly (a secret, an address): monospace, broken anywhere so a phone shows it whole. */
export function CopyableCode({ children, testId }: { children: string; testId: string }) {
  return (
    <Box
      component="code"
      data-testid={testId}
      sx={{
        display: 'block',
        fontFamily: 'monospace',
        wordBreak: 'break-all',
        bgcolor: 'action.hover',
        p: 1.5,
        borderRadius: 1,
        minWidth: 0,
      }}
    >
      {children}
    </Box>
  );
}

interface ShownOnceProps {
  /** Already translated: it usually names what the secret belongs to. */
  title: string;
  /** i18n key: that it is not shown again, and what to do if it is lost. */
  warning: string;
  secret: string;
  testId: string;
  copy: CopyTexts;
  /** i18n key of the button that closes. */
  done: string;
  onClose: () => void;
  /** How to use the secret, under the copy button. */
  children?: ReactNode;
}

/** A secret the server answers once, as a dialog's title, content and actions (inside a Dialog). */
export function ShownOnceContent({
  title,
  warning,
  secret,
  testId,
  copy,
  done,
  onClose,
  children,
}: ShownOnceProps) {
  const translate = useTranslate();
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{translate(warning)}</Alert>
          <CopyableCode testId={testId}>{secret}</CopyableCode>
          <div>
            <CopyButton text={secret} texts={copy} />
          </div>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate(done)}
        </Button>
      </DialogActions>
    </>
  );
}

/** The same, in its own dialog: for a secret that comes after another dialog closed (a rotation). */
export function ShownOnceDialog(props: ShownOnceProps) {
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <ShownOnceContent {...props} />
    </Dialog>
  );
}
