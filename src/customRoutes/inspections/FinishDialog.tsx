import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Inspection } from '../../../contract/api/inspections';
import { FormDialog } from '../../components/FormDialog';
import { SignatureCanvas, type SignatureHandle, type Upload } from '../../components/formRenderer';
import { useIsMobile } from '../../hooks/useIsMobile';
import { ApiError } from '../../providers/httpClient';
import { inspectionApi } from './inspectionApi';

/**
 * Finishing: the inspector signs (drawn, or a typed name drawn for them) and gives the name signed
 * under it; the signature is uploaded as a PNG and the inspection finished with its hash. The
 * server's refusal with missing answers goes back to the runner, which points at them.
 */
export function FinishDialog({
  open,
  inspectionId,
  defaultName,
  upload,
  beforeFinish,
  onClose,
  onFinished,
  onRefused,
}: {
  open: boolean;
  inspectionId: number;
  defaultName: string;
  upload: Upload;
  /** Sends every answer still waiting; false when some could not be. */
  beforeFinish: () => Promise<boolean>;
  onClose: () => void;
  onFinished: (inspection: Inspection) => void;
  onRefused: (errors: Record<string, string>, message: string) => void;
}) {
  const translate = useTranslate();
  const isMobile = useIsMobile();
  const pad = useRef<SignatureHandle>(null);
  const [signed, setSigned] = useState(false);
  const [name, setName] = useState(defaultName);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const submit = async () => {
    setProblem(undefined);
    if (!name.trim()) {
      setProblem(translate('inspections.finish.name_needed'));
      return;
    }
    const file = await pad.current?.toFile();
    if (!file) {
      setProblem(translate('inspections.finish.signature_needed'));
      return;
    }
    setBusy(true);
    try {
      if (!(await beforeFinish())) {
        setProblem(translate('inspections.finish.unsaved'));
        return;
      }
      const signature = await upload(file);
      onFinished(await inspectionApi.finish({ id: inspectionId, signature, signed_by: name.trim() }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.errors).length > 0) {
        onRefused(error.errors, error.message);
      } else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={translate('inspections.finish.title')}
      submitLabel={translate('inspections.finish.submit')}
      busy={busy}
      submitDisabled={!signed || !name.trim()}
      onClose={onClose}
      onSubmit={submit}
    >
      {open && (
        <>
          <SignatureCanvas
            ref={pad}
            label={translate(isMobile ? 'inspections.signature.hint_touch' : 'inspections.signature.hint')}
            onChange={setSigned}
            disabled={busy}
          />
          <TextField
            margin="none"
            required
            label={translate('inspections.finish.signed_by')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </>
      )}
    </FormDialog>
  );
}
