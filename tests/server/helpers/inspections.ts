import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { FormDefinition } from '../../../contract/forms';
import type { InjectResponse, TestApp } from './app';
import { fileForm } from './files';

/**
 * The inspection suites' form: weights 1, 2 and 3, an N/A, a photo owed when the entrance fails,
 * and a question shown only then (form order: q_clean, q_stock, q_temp, q_fire, q_notes, q_told).
 */
export const STORE_VISIT: FormDefinition = {
  pass_mark: 80,
  sections: [
    {
      id: 'front',
      title: 'Front of store',
      questions: [
        {
          id: 'q_clean',
          kind: 'yes_no',
          prompt: 'Is the entrance clean?',
          required: true,
          weight: 1,
          allow_na: false,
          failing: ['no'],
          photo_on_fail: true,
        },
        {
          id: 'q_stock',
          kind: 'yes_no',
          prompt: 'Are the shelves fully stocked?',
          required: true,
          weight: 2,
          allow_na: true,
        },
        {
          id: 'q_temp',
          kind: 'number',
          prompt: 'Fridge temperature',
          required: true,
          weight: 3,
          allow_na: false,
          min: 0,
          max: 5,
          unit: '°C',
        },
      ],
    },
    {
      id: 'back',
      title: 'Back of house',
      questions: [
        {
          id: 'q_fire',
          kind: 'yes_no',
          prompt: 'Are the fire exits clear?',
          required: true,
          weight: 2,
          allow_na: true,
        },
        { id: 'q_notes', kind: 'text', prompt: 'Notes', required: false, weight: 0, allow_na: false },
        {
          id: 'q_told',
          kind: 'yes_no',
          prompt: 'Was the store manager told about the entrance?',
          required: true,
          weight: 0,
          allow_na: false,
          show_if: { question_id: 'q_clean', answers: ['no'] },
        },
      ],
    },
  ],
};

/** A real, decodable picture (so thumbnails and the report can show it), unique by its colour. */
export const picture = (red: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r: red, g: 40, b: 90 } } })
    [format]()
    .toBuffer();

/** The API calls of an inspection, as a person makes them. */
export function inspectionCalls(t: TestApp) {
  const ok = (res: InjectResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  return {
    ok,
    create: (as: string, payload: { template_id: number; store_id: number }) =>
      t.injectAs(as, { method: 'POST', url: '/api/inspection/create', payload }),
    get: (as: string, id: number) => t.injectAs(as, { url: '/api/inspection/get', query: { id } }),
    answer: (as: string, id: number, question_id: string, answer: Record<string, unknown>) =>
      t.injectAs(as, { method: 'PUT', url: '/api/inspection/answer', payload: { id, question_id, answer } }),
    finish: (as: string, id: number, signature: string, signed_by = 'Aaron Area') =>
      t.injectAs(as, { method: 'PUT', url: '/api/inspection/finish', payload: { id, signature, signed_by } }),
    remove: (as: string, id: number) =>
      t.injectAs(as, { method: 'DELETE', url: '/api/inspection/delete', query: { id } }),
    list: (as: string, query: Record<string, string | number> = {}) =>
      t.injectAs(as, { url: '/api/inspection/list', query }),
    scores: (as: string, query: Record<string, string | number>) =>
      t.injectAs(as, { url: '/api/inspection/scores', query }),
    report: (as: string, id: number) => t.injectAs(as, { url: '/api/inspection/report', query: { id } }),
    /** Uploads a file through the task files' route, as the phone does; answers its hash. */
    upload: async (as: string, bytes: Buffer, name: string) => {
      const res = await t.injectAs(as, {
        method: 'POST',
        url: '/api/user/task/upload',
        payload: fileForm(bytes, name),
      });
      return ok(res).hash as string;
    },
  };
}

/**
 * The text a PDF shows, read back honestly: pdfkit deflates each page's content stream, so each
 * stream is inflated and the strings of its text operators (hex, as pdfkit writes them for the
 * standard fonts, split by kerning inside TJ arrays) are decoded and joined, one line per operator.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // a JPEG's bytes, not deflated
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const pieces =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((p) => p[1]!) : [op[2]!];
      lines.push(pieces.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
