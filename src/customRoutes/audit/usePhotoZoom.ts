import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ZoomTarget } from './EvidenceFiles';

export const ZOOM_STEPS = [1, 1.5, 2, 3, 4];

/**
 * Which photo of a set the zoom shows and how large: zooming keeps a point of the photo where it
 * was (the centre, or where it was clicked); the keys move through the set and zoom.
 */
export function usePhotoZoom(target: ZoomTarget | undefined) {
  const [index, setIndex] = useState(0);
  const [step, setStep] = useState(0);
  useEffect(() => {
    setIndex(target?.index ?? 0);
    setStep(0);
  }, [target]);
  const photos = target?.photos ?? [];
  const viewport = useRef<HTMLDivElement>(null);
  const focus = useRef<{ x: number; y: number; atX: number; atY: number }>(undefined);
  const zoomTo = (next: number, at?: { clientX: number; clientY: number }) => {
    const view = viewport.current;
    const clamped = Math.max(0, Math.min(next, ZOOM_STEPS.length - 1));
    if (view) {
      const box = view.getBoundingClientRect();
      const atX = at ? at.clientX - box.left : view.clientWidth / 2;
      const atY = at ? at.clientY - box.top : view.clientHeight / 2;
      focus.current = {
        x: (view.scrollLeft + atX) / (view.scrollWidth || 1),
        y: (view.scrollTop + atY) / (view.scrollHeight || 1),
        atX,
        atY,
      };
    }
    setStep(clamped);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the scale has changed
  useLayoutEffect(() => {
    const view = viewport.current;
    const point = focus.current;
    if (!view || !point) return;
    view.scrollLeft = point.x * view.scrollWidth - point.atX;
    view.scrollTop = point.y * view.scrollHeight - point.atY;
    focus.current = undefined;
  }, [step]);
  const go = (to: number) => {
    if (to < 0 || to >= photos.length) return;
    setIndex(to);
    setStep(0);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const key = event.key;
    if (key === 'ArrowRight') go(index + 1);
    else if (key === 'ArrowLeft') go(index - 1);
    else if (key === '+' || key === '=') zoomTo(step + 1);
    else if (key === '-') zoomTo(step - 1);
    else if (key === '0') zoomTo(0);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return {
    photos,
    index,
    file: photos[index],
    step,
    scale: ZOOM_STEPS[step]!,
    viewport,
    zoomTo,
    go,
    onKeyDown,
  };
}
