import { useCallback, useEffect, useRef, useState } from 'react';
import type { Answer, Answers, FormDefinition } from '../../../contract/forms';
import { questionsOf } from '../../../contract/forms';
import { statusOf } from '../../providers/httpClient';
import { inspectionApi } from './inspectionApi';

/** Where one question's answer stands with the server. */
export type SaveState =
  | { state: 'saving' }
  | { state: 'saved' }
  /** No network: kept here, sent again when the browser is back online. */
  | { state: 'offline' }
  | { state: 'failed'; message: string };

/** Typing pauses this long before the answer goes (a request per keystroke helps no one). */
export const TYPING_PAUSE_MS = 700;

/** Whether a change is typing: a text or number answer, or a comment, changed. */
function isTyping(kind: string | undefined, before: Answer | undefined, after: Answer): boolean {
  if (kind === 'text' || kind === 'number') return true;
  return (before?.comment ?? '') !== (after.comment ?? '');
}

/**
 * Save as you go: the answers live here (the screen and the live score read them at once) and
 * each change is PUT to /api/inspection/answer, one question at a time; typing is sent when it
 * pauses. Per question only the newest answer is sent, never two at once, so the last one typed
 * is the one kept (the server takes a repeat as harmless). An answer that meets no network stays
 * here and goes again when the browser says it is back online (the My Tasks offline queue is made
 * for completions and their files, not a form's answers); one the server refuses says why and can
 * be retried.
 */
export function useAnswerSaver(inspectionId: number, definition: FormDefinition, initial: Answers) {
  const [answers, setAnswers] = useState<Answers>(initial);
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const kinds = useRef(new Map(questionsOf(definition).map(({ question }) => [question.id, question.kind])));
  /** Answers not yet sent, by question. */
  const unsent = useRef(new Map<string, Answer>());
  const inFlight = useRef(new Map<string, Promise<void>>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const latest = useRef(answers);

  const mark = useCallback((questionId: string, state: SaveState) => {
    setStates((current) => ({ ...current, [questionId]: state }));
  }, []);

  const send = useCallback(
    (questionId: string): Promise<void> => {
      const running = inFlight.current.get(questionId);
      // One at a time per question: the newer answer goes once the older one is answered.
      if (running) return running.then(() => send(questionId));
      const answer = unsent.current.get(questionId);
      if (!answer) return Promise.resolve();
      unsent.current.delete(questionId);
      mark(questionId, { state: 'saving' });
      const call = inspectionApi
        .answer(inspectionId, questionId, answer)
        .then(() => {
          if (!unsent.current.has(questionId)) mark(questionId, { state: 'saved' });
        })
        .catch((error: unknown) => {
          // Put it back unless a newer answer has taken its place.
          if (!unsent.current.has(questionId)) unsent.current.set(questionId, answer);
          mark(
            questionId,
            statusOf(error) === 0
              ? { state: 'offline' }
              : { state: 'failed', message: error instanceof Error ? error.message : String(error) },
          );
        })
        .finally(() => inFlight.current.delete(questionId));
      inFlight.current.set(questionId, call);
      return call;
    },
    [inspectionId, mark],
  );

  const change = useCallback(
    (questionId: string, answer: Answer) => {
      const before = latest.current[questionId];
      latest.current = { ...latest.current, [questionId]: answer };
      setAnswers(latest.current);
      unsent.current.set(questionId, answer);
      const timer = timers.current.get(questionId);
      if (timer) clearTimeout(timer);
      timers.current.delete(questionId);
      if (isTyping(kinds.current.get(questionId), before, answer)) {
        mark(questionId, { state: 'saving' });
        timers.current.set(
          questionId,
          setTimeout(() => {
            timers.current.delete(questionId);
            void send(questionId);
          }, TYPING_PAUSE_MS),
        );
      } else void send(questionId);
    },
    [mark, send],
  );

  /** Sends every answer still here now (before finishing); resolves when the server has them all, or not. */
  const flush = useCallback(async () => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    await Promise.all([...unsent.current.keys(), ...inFlight.current.keys()].map((id) => send(id)));
    return unsent.current.size === 0;
  }, [send]);

  const retry = useCallback((questionId: string) => void send(questionId), [send]);

  useEffect(() => {
    const resend = () => {
      for (const id of unsent.current.keys()) void send(id);
    };
    window.addEventListener('online', resend);
    return () => window.removeEventListener('online', resend);
  }, [send]);

  // Leaving the screen mid-typing still sends what was typed.
  useEffect(
    () => () => {
      for (const [id, timer] of timers.current) {
        clearTimeout(timer);
        const answer = unsent.current.get(id);
        if (answer) void inspectionApi.answer(inspectionId, id, answer).catch(() => undefined);
      }
    },
    [inspectionId],
  );

  const waiting = Object.values(states).filter((s) => s.state === 'offline' || s.state === 'failed').length;
  return { answers, states, change, flush, retry, waiting };
}
