import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { EvidencePhoto } from '../EvidencePhoto';
import { SignatureCanvas, type SignatureHandle } from './SignatureCanvas';
import type { AnswerInputProps } from './types';

/**
 * A signature question (a store manager's, say): signed on the pad, then kept by its upload's
 * hash; once kept it shows as the image, and can be signed again.
 */
export function SignatureAnswer({ question, answer, onAnswer, readOnly, upload }: AnswerInputProps) {
  const translate = useTranslate();
  const pad = useRef<SignatureHandle>(null);
  const [signed, setSigned] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const hash = typeof answer?.value === 'string' && answer.value ? answer.value : undefined;

  if (hash) {
    return (
      <Stack spacing={1} sx={{ maxWidth: 360 }}>
        <EvidencePhoto
          hash={hash}
          height={120}
          fit="contain"
          alt={translate('inspections.signature.image_of', { prompt: question.prompt })}
        />
        {!readOnly && (
          <Button onClick={() => onAnswer({ ...answer, value: null })} sx={{ alignSelf: 'flex-start' }}>
            {translate('inspections.signature.sign_again')}
          </Button>
        )}
      </Stack>
    );
  }
  if (readOnly) return null;

  const keep = async () => {
    const file = await pad.current?.toFile();
    if (!file || !upload) return;
    setBusy(true);
    setError(undefined);
    try {
      onAnswer({ ...answer, value: await upload(file) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : translate('errors.file_upload'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1}>
      <SignatureCanvas
        ref={pad}
        label={translate('inspections.signature.hint')}
        onChange={setSigned}
        disabled={busy}
      />
      <Button
        variant="outlined"
        onClick={keep}
        disabled={!signed || busy || !upload}
        sx={{ alignSelf: 'flex-start', minHeight: 44 }}
      >
        {translate('inspections.signature.keep')}
      </Button>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
}
