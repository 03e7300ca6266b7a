import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Inspection } from '../../../contract/api/inspections';
import {
  type Answer,
  type FormDefinition,
  type Question,
  questionsOf,
  visibleQuestionIds,
} from '../../../contract/forms';
import type { Language } from '../../../contract/languages';
import type { Db } from '../../db/client';
import { type ServerMessageKey, serverMessage } from '../../i18n';
import type { Caller } from '../../lib/caller';
import type { FileStorage } from '../../lib/storage';
import { readTaskThumbnail } from '../attachments/service';
import { getInspection } from './service';

/*
 * An inspection's report as a PDF (pdfkit): the header with the score, the failed items first
 * (what the store has to fix), then every section's answers, then the signature. Photos are the
 * attachments module's thumbnails — read with the same rule as a download, so the report shows
 * only what its reader may see — turned into small JPEGs, which pdfkit embeds (it reads no WebP).
 */

const MARGIN = 50;
const THUMB = 110;

/** A photo as a small JPEG for the page, or undefined when it cannot be shown (a HEIC photo, a missing file). */
async function jpegOf(db: Db, files: FileStorage, caller: Caller, hash: string): Promise<Buffer | undefined> {
  try {
    const thumbnail = await readTaskThumbnail(db, files, caller, hash);
    const bytes = Buffer.isBuffer(thumbnail) ? thumbnail : Buffer.concat(await thumbnail.stream.toArray());
    return await sharp(bytes)
      .flatten({ background: '#ffffff' })
      .resize({ width: THUMB * 2, height: THUMB * 2, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 70 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** An answer in words: yes/no, the options chosen, a number with its unit, a date, text. */
function answerText(question: Question, answer: Answer | undefined, say: (key: ServerMessageKey) => string) {
  if (!answer) return say('inspection.report.unanswered');
  if (answer.na === true || answer.value === 'na') return say('inspection.report.na');
  const { value } = answer;
  switch (question.kind) {
    case 'yes_no':
      return value === 'yes'
        ? say('inspection.report.yes')
        : value === 'no'
          ? say('inspection.report.no')
          : '';
    case 'choice': {
      const ids = Array.isArray(value) ? value : value == null ? [] : [String(value)];
      const labels = new Map((question.options ?? []).map((o) => [o.id, o.label]));
      return ids.map((id) => labels.get(id) ?? id).join(', ');
    }
    case 'number':
      return value == null ? '' : `${value}${question.unit ? ` ${question.unit}` : ''}`;
    case 'photo':
      return '';
    case 'signature':
      return value ? say('inspection.report.signed') : '';
    default:
      return value == null ? '' : String(value);
  }
}

function instant(iso: string | null, zone: string, language: Language) {
  if (!iso) return '–';
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
  }).format(new Date(iso));
}

/** The PDF's bytes once pdfkit has written them all. */
function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The report of an inspection the caller may read (the same 404 as reading it), in `language`. */
export async function inspectionReport(
  db: Db,
  files: FileStorage,
  caller: Caller,
  id: number,
  language: Language,
): Promise<{ filename: string; body: Buffer }> {
  const inspection = await getInspection(db, caller, id);
  const say = (key: ServerMessageKey, values: Record<string, string | number> = {}) =>
    serverMessage(language, key, values);
  const photos = new Map<string, Buffer>();
  const wanted = [
    ...Object.values(inspection.answers).flatMap((a) => a.photos ?? []),
    ...(inspection.signature ? [inspection.signature.hash] : []),
  ];
  for (const hash of new Set(wanted)) {
    const jpeg = await jpegOf(db, files, caller, hash);
    if (jpeg) photos.set(hash, jpeg);
  }

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${inspection.template.name} — ${inspection.store.name}` },
  });
  const done = bytesOf(doc);
  writeHeader(doc, inspection, say, language);
  writeFailed(doc, inspection, photos, say);
  writeSections(doc, inspection.definition, inspection, photos, say);
  writeSignature(doc, inspection, photos, say);
  doc.end();
  const day = (inspection.completed_at ?? inspection.started_at).slice(0, 10);
  return { filename: `inspection-${inspection.id}-${day}.pdf`, body: await done };
}

type Say = (key: ServerMessageKey, values?: Record<string, string | number>) => string;

function writeHeader(doc: PDFKit.PDFDocument, inspection: Inspection, say: Say, language: Language) {
  const zone = inspection.store.timezone;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(
      say('inspection.report.title', {
        name: inspection.template.name,
        version: inspection.template.version,
      }),
    );
  doc.moveDown(0.5).font('Helvetica').fontSize(11);
  const line = (label: ServerMessageKey, value: string) =>
    doc
      .font('Helvetica-Bold')
      .text(`${say(label)}: `, { continued: true })
      .font('Helvetica')
      .text(value);
  line('inspection.report.store', inspection.store.name);
  line('inspection.report.inspector', inspection.inspector.name);
  line('inspection.report.started', instant(inspection.started_at, zone, language));
  line('inspection.report.finished', instant(inspection.completed_at, zone, language));
  const score =
    inspection.percentage === null
      ? say('inspection.report.not_scored')
      : `${inspection.points} / ${inspection.max_score} (${inspection.percentage}%)`;
  line('inspection.report.score', score);
  if (inspection.passed !== null)
    line(
      'inspection.report.result',
      say(inspection.passed ? 'inspection.report.passed' : 'inspection.report.not_passed'),
    );
  doc.moveDown();
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(14).text(text, MARGIN).moveDown(0.3);
  doc.font('Helvetica').fontSize(11);
}

/** A row of thumbnails under the text, starting a new page when it would not fit. */
function writePhotos(doc: PDFKit.PDFDocument, hashes: readonly string[], photos: Map<string, Buffer>) {
  const shown = hashes.filter((h) => photos.has(h));
  if (shown.length === 0) return;
  const perRow = Math.max(1, Math.floor((doc.page.width - 2 * MARGIN + 10) / (THUMB + 10)));
  for (let i = 0; i < shown.length; i += perRow) {
    if (doc.y + THUMB > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    shown.slice(i, i + perRow).forEach((hash, j) => {
      doc.image(photos.get(hash)!, MARGIN + j * (THUMB + 10), top, { fit: [THUMB, THUMB] });
    });
    doc.x = MARGIN;
    doc.y = top + THUMB + 8;
  }
}

function writeAnswer(
  doc: PDFKit.PDFDocument,
  question: Question,
  answer: Answer | undefined,
  photos: Map<string, Buffer>,
  say: Say,
) {
  doc.font('Helvetica-Bold').text(question.prompt, MARGIN);
  const text = answerText(question, answer, say);
  doc.font('Helvetica');
  if (text) doc.text(text);
  if (answer?.comment?.trim()) doc.fillColor('#444444').text(answer.comment.trim()).fillColor('#000000');
  writePhotos(doc, answer?.photos ?? [], photos);
  doc.moveDown(0.5);
}

function writeFailed(doc: PDFKit.PDFDocument, inspection: Inspection, photos: Map<string, Buffer>, say: Say) {
  heading(doc, say('inspection.report.failed', { n: inspection.failed.length }));
  if (inspection.failed.length === 0) {
    doc.text(say('inspection.report.none_failed')).moveDown();
    return;
  }
  const questions = new Map(
    questionsOf(inspection.definition).map(({ question }) => [question.id, question]),
  );
  for (const item of inspection.failed) {
    const question = questions.get(item.question_id);
    if (!question) continue;
    doc.fillColor('#666666').fontSize(9).text(item.section, MARGIN).fillColor('#000000').fontSize(11);
    writeAnswer(doc, question, item.answer, photos, say);
  }
}

function writeSections(
  doc: PDFKit.PDFDocument,
  definition: FormDefinition,
  inspection: Inspection,
  photos: Map<string, Buffer>,
  say: Say,
) {
  // Hidden questions (a show-if rule not met) were never asked: they are not in the report.
  const visible = visibleQuestionIds(definition, inspection.answers);
  for (const section of definition.sections) {
    const asked = section.questions.filter((q) => visible.has(q.id));
    if (asked.length === 0) continue;
    heading(doc, section.title);
    for (const question of asked) writeAnswer(doc, question, inspection.answers[question.id], photos, say);
  }
}

function writeSignature(
  doc: PDFKit.PDFDocument,
  inspection: Inspection,
  photos: Map<string, Buffer>,
  say: Say,
) {
  if (!inspection.signature) return;
  heading(doc, say('inspection.report.signature'));
  const image = photos.get(inspection.signature.hash);
  if (image) {
    if (doc.y + 80 > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    doc.image(image, MARGIN, top, { fit: [220, 80] });
    doc.y = top + 88;
  }
  doc.text(say('inspection.report.signed_by', { name: inspection.signature.name }), MARGIN);
}
