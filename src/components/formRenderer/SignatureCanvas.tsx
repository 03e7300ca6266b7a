import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import SignaturePad from 'signature_pad';

export interface SignatureHandle {
  /** The signature as a PNG file, or null while nothing is drawn or typed. */
  toFile(): Promise<File | null>;
}

const HEIGHT = 180;

/** The canvas sized to its box in device pixels, so strokes are sharp on a phone's screen. */
function sizeToBox(canvas: HTMLCanvasElement): void {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const width = canvas.offsetWidth || 320;
  canvas.width = width * ratio;
  canvas.height = HEIGHT * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
}

/** A typed name written on the canvas in a hand-like face: the image the server keeps as a signature. */
function drawName(canvas: HTMLCanvasElement, name: string): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const width = canvas.offsetWidth || 320;
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.restore();
  context.fillStyle = '#000';
  context.font = 'italic 36px "Segoe Script", "Brush Script MT", cursive';
  context.textBaseline = 'middle';
  context.fillText(name, 16, HEIGHT / 2, width - 32);
}

/**
 * A signature: drawn with a finger, a pen or a mouse (signature_pad on a canvas), or, for those who
 * cannot draw (keyboard, switch access), a typed name that is drawn onto the same canvas, since
 * what the server keeps is an uploaded image. `onChange` says whether there is something to send.
 */
export function SignatureCanvas({
  ref,
  label,
  onChange,
  disabled,
}: {
  ref?: Ref<SignatureHandle>;
  label: string;
  onChange?: (signed: boolean) => void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [typed, setTyped] = useState('');
  const hintId = useId();
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element?.getContext('2d')) return;
    sizeToBox(element);
    const signature = new SignaturePad(element, { backgroundColor: '#fff', penColor: '#000' });
    signature.addEventListener('endStroke', () => {
      setTyped('');
      setDrawn(true);
      report.current?.(true);
    });
    pad.current = signature;
    return () => {
      signature.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (pad.current) {
      if (disabled) pad.current.off();
      else pad.current.on();
    }
  }, [disabled]);

  const clear = () => {
    pad.current?.clear();
    setDrawn(false);
    setTyped('');
    report.current?.(false);
  };

  const type = (name: string) => {
    setTyped(name);
    setDrawn(false);
    pad.current?.clear();
    if (canvas.current && name.trim()) drawName(canvas.current, name.trim());
    report.current?.(name.trim() !== '');
  };

  useImperativeHandle(
    ref,
    () => ({
      toFile: async () => {
        const element = canvas.current;
        if (!element || (!drawn && !typed.trim())) return null;
        const blob = await new Promise<Blob | null>((resolve) => element.toBlob(resolve, 'image/png'));
        return blob ? new File([blob], 'signature.png', { type: 'image/png' }) : null;
      },
    }),
    [drawn, typed],
  );

  return (
    <Stack spacing={1}>
      <Typography variant="body2" id={hintId}>
        {label}
      </Typography>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={translate(
          drawn || typed.trim() ? 'inspections.signature.signed' : 'inspections.signature.empty',
        )}
        aria-describedby={hintId}
        sx={{
          width: '100%',
          height: HEIGHT,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          touchAction: 'none',
          cursor: disabled ? 'default' : 'crosshair',
        }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          margin="none"
          label={translate('inspections.signature.type_name')}
          value={typed}
          disabled={disabled}
          onChange={(event) => type(event.target.value)}
          sx={{ flex: 1 }}
        />
        <Button onClick={clear} disabled={disabled || (!drawn && !typed)} sx={{ minHeight: 44 }}>
          {translate('inspections.signature.clear')}
        </Button>
      </Stack>
    </Stack>
  );
}
