import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Inspection } from '../../contract/api/inspections';
import type { Answers } from '../../contract/forms';
import { resetBrowserState } from './fixtures';
import { ANSWERED, hashOf, inspectionOf, inspector, surroundings } from './inspectionFixtures';
import { server } from './msw';
import { renderRoute, setViewportWidth } from './renderApp';

interface Calls {
  answers: { id: number; question_id: string; answer: unknown }[];
  finishes: unknown[];
  uploads: number;
}

/** The inspection's server: it keeps the answers it is sent and finishes as the contract says. */
function serve(start: Inspection): Calls {
  const calls: Calls = { answers: [], finishes: [], uploads: 0 };
  let current = start;
  server.use(
    ...surroundings,
    http.get('*/api/inspection/get', () => HttpResponse.json({ status: 200, data: current })),
    http.put('*/api/inspection/answer', async ({ request }) => {
      const body = (await request.json()) as Calls['answers'][number];
      calls.answers.push(body);
      current = inspectionOf({ ...current.answers, [body.question_id]: body.answer } as Answers);
      return HttpResponse.json({ status: 200, data: current });
    }),
    // Answered without reading the body (see myTasksCompletion.test.tsx).
    http.post('*/api/user/task/upload', () => {
      calls.uploads += 1;
      return HttpResponse.json({
        status: 200,
        data: { hash: hashOf('a'), name: 'signature.png', size: 3, mime: 'image/png' },
      });
    }),
    http.put('*/api/inspection/finish', async ({ request }) => {
      const body = (await request.json()) as { signature: string; signed_by: string };
      calls.finishes.push(body);
      current = inspectionOf(current.answers, {
        status: 'completed',
        completed_at: '2030-03-04T02:00:00.000Z',
        editable: false,
        signature: { hash: body.signature, name: body.signed_by },
      });
      return HttpResponse.json({ status: 200, data: current });
    }),
  );
  return calls;
}

/** jsdom draws nothing: a canvas whose context takes every call, and whose PNG is three bytes. */
function fakeCanvas() {
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
    callback(new Blob(['png'], { type: 'image/png' }));
  };
}

beforeEach(() => {
  resetBrowserState();
  setViewportWidth(390);
  fakeCanvas();
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const score = () => screen.getByTestId('live-score').textContent;

describe('the inspection runner', () => {
  it('saves a yes/no answer with the right body and shows the live score (weights 1, 2, 3 with N/A)', async () => {
    const calls = serve(inspectionOf({}));
    renderRoute('/audit/inspection/77', inspector());
    const entrance = await screen.findByRole('radiogroup', { name: /Is the entrance clean\?/ });
    expect(score()).toBe('0 / 0 points · —');
    expect(screen.getByTestId('progress')).toHaveTextContent('0 of 4 answered');

    await userEvent.click(within(entrance).getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(calls.answers).toHaveLength(1));
    expect(calls.answers[0]).toEqual({ id: 77, question_id: 'q1', answer: { value: 'yes' } });
    expect(score()).toBe('1 / 1 points · 100%');
    const entranceBlock = document.getElementById('question-q1')!;
    expect(await within(entranceBlock).findByRole('status')).toHaveTextContent('Saved');

    // N/A takes the fire exit's 2 out of the maximum.
    const exit = screen.getByRole('radiogroup', { name: /Is the fire exit clear\?/ });
    await userEvent.click(within(exit).getByRole('radio', { name: 'N/A' }));
    expect(score()).toBe('1 / 1 points · 100%');
    await waitFor(() => expect(calls.answers).toHaveLength(2));
    expect(calls.answers[1]).toEqual({ id: 77, question_id: 'q2', answer: { value: 'na' } });

    // Failing the 3-point question: 1 of 4, 25 %, under the pass mark.
    const prices = screen.getByRole('radiogroup', { name: /Are prices shown/ });
    await userEvent.click(within(prices).getByRole('radio', { name: 'No' }));
    expect(score()).toBe('1 / 4 points · 25%');
    expect(screen.getByTestId('runner-header')).toHaveTextContent('Failed');
    expect(screen.getByTestId('runner-header')).toHaveTextContent('1 failed item');
  });

  it('shows a show-if question only once the answer it depends on is given', async () => {
    serve(inspectionOf({ q1: { value: 'yes' } }));
    renderRoute('/audit/inspection/77', inspector());
    const prices = await screen.findByRole('radiogroup', { name: /Are prices shown/ });
    expect(screen.queryByText('Which shelves have no prices?')).toBeNull();
    await userEvent.click(within(prices).getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByText('Which shelves have no prices?')).toBeNull();
    await userEvent.click(within(prices).getByRole('radio', { name: 'No' }));
    expect(await screen.findByText('Which shelves have no prices?')).toBeInTheDocument();
    // A failing answer asks for its comment.
    expect(screen.getByRole('textbox', { name: /Comment: what is wrong\?/ })).toBeInTheDocument();
  });

  it('sends typing once it pauses, the last text typed', async () => {
    const calls = serve(inspectionOf({ q1: { value: 'yes' }, q2: { value: 'yes' }, q3: { value: 'no' } }));
    renderRoute('/audit/inspection/77', inspector());
    const shelves = await screen.findByRole('textbox', { name: /Which shelves have no prices\?/ });
    await userEvent.type(shelves, 'Aisle 4');
    await waitFor(() => expect(calls.answers.length).toBeGreaterThan(0));
    expect(calls.answers.filter((a) => a.question_id === 'q4')).toEqual([
      { id: 77, question_id: 'q4', answer: { value: 'Aisle 4' } },
    ]);
  });

  it('on Finish with questions missing, focuses the first and lists them, and does not finish', async () => {
    const calls = serve(inspectionOf({ q2: { value: 'yes' }, q3: { value: 'no' } }));
    renderRoute('/audit/inspection/77', inspector());
    await userEvent.click(await screen.findByRole('button', { name: 'Finish inspection' }));
    const list = await screen.findByTestId('missing-list');
    expect(list).toHaveTextContent('3 questions need your attention');
    expect(list).toHaveTextContent('Is the entrance clean? — answer this question');
    expect(list).toHaveTextContent('Are prices shown on every shelf? — say what is wrong in the comment');
    expect(list).toHaveTextContent('Which shelves have no prices? — answer this question');
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('question-q1')));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.finishes).toEqual([]);
  });

  it('finishes with a signature: uploads the image, then finishes with its hash, and shows the report', async () => {
    const calls = serve(inspectionOf(ANSWERED));
    renderRoute('/audit/inspection/77', inspector());
    await userEvent.click(await screen.findByRole('button', { name: 'Finish inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign and finish' });
    const finish = within(dialog).getByRole('button', { name: 'Finish' });
    expect(finish).toBeDisabled();
    // The keyboard's way: a typed name, drawn onto the canvas as the image sent.
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Or type your name to sign' }),
      'Sam Staff',
    );
    expect(within(dialog).getByRole('textbox', { name: /Name of the person signing/ })).toHaveValue(
      'Sam Staff',
    );
    await userEvent.click(finish);
    await waitFor(() => expect(calls.finishes).toHaveLength(1));
    expect(calls.uploads).toBe(1);
    expect(calls.finishes[0]).toEqual({ id: 77, signature: hashOf('a'), signed_by: 'Sam Staff' });
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByText('Signed by Sam Staff')).toBeInTheDocument();
  });

  it('puts the server’s refusal of a finish on the questions it names', async () => {
    serve(inspectionOf(ANSWERED));
    server.use(
      http.put('*/api/inspection/finish', () =>
        HttpResponse.json(
          {
            status: 400,
            code: 'INSPECTION_INCOMPLETE',
            message: 'Some questions still need an answer',
            errors: { q1: 'Answer this question' },
          },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/audit/inspection/77', inspector());
    await userEvent.click(await screen.findByRole('button', { name: 'Finish inspection' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Or type your name to sign' }), 'Sam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    const list = await screen.findByTestId('missing-list');
    expect(list).toHaveTextContent('Some questions still need an answer');
    expect(
      within(document.getElementById('question-q1')!).getByText('Answer this question'),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('question-q1')));
  });

  it('has no accessibility violations at 390 px', async () => {
    serve(inspectionOf({ q1: { value: 'no' }, q3: { value: 'no' } }));
    const { container } = renderRoute('/audit/inspection/77', inspector());
    await screen.findByRole('radiogroup', { name: /Is the entrance clean\?/ });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
