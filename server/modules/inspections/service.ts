import { isDeepStrictEqual } from 'node:util';
import {
  INSPECTION_INCOMPLETE_CODE,
  type Inspection,
  type InspectionAnswerBody,
  type InspectionCreateBody,
  type InspectionFinishBody,
} from '../../../contract/api/inspections';
import {
  type Answer,
  type Answers,
  type FormDefinition,
  type MissingReason,
  missingAnswers,
  type Question,
  questionsOf,
  scoreInspection,
} from '../../../contract/forms';
import type { Db } from '../../db/client';
import { readersOf, serverMessage } from '../../i18n';
import { describeActivity } from '../../lib/activity';
import { type Caller, can, inScope } from '../../lib/caller';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { storeIn } from '../../lib/scopeNodes';
import type { Jobs } from '../../plugins/jobs';
import { existingFiles } from '../attachments/service';
import { currentVersionFor, versionById } from '../formtemplates/service';
import type { Mailer } from '../mail/service';
import { completeByForm, lockTaskForm } from '../mytasks/service';
import { queueInspectionCompleted } from '../notification/events';
import { checkAnswer } from './answers';
import {
  deleteInspection,
  type FoundInspection,
  findInspection,
  finishInspection,
  insertInspection,
  keepFiles,
  type LockedInspection,
  lockInspection,
  reopenTaskForm as reopenTaskFormRow,
  saveAnswers,
  taskFormInspection,
} from './repository';

const INSPECTION = 'Inspection';
const FINISHED = 'This inspection has been finished and can no longer be changed.';
const NOT_YOURS =
  'Only its inspector, or someone who may update inspections here, can change this inspection.';
const FILES_MISSING = 'Upload the photos first: some of them are not stored.';

/** Whether the caller may change this inspection while it is in progress. */
function mayEdit(caller: Caller, inspectorId: number, path: string, assignmentId: number | null): boolean {
  return (
    inspectorId === caller.userId ||
    (can(caller, 'inspection', ['update']) && inScope(caller, path)) ||
    // A task's form is the store's work: whoever may complete the store's tasks fills it.
    (assignmentId !== null && can(caller, 'mytasks', ['complete']) && inScope(caller, path))
  );
}

/** Whether the caller may read this inspection: its inspector, inspection.read here, or the store's own task form. */
function mayRead(caller: Caller, inspectorId: number, path: string, assignmentId: number | null): boolean {
  return (
    inspectorId === caller.userId ||
    (inScope(caller, path) &&
      (can(caller, 'inspection', ['read']) || (assignmentId !== null && can(caller, 'mytasks', ['read']))))
  );
}

/**
 * One inspection for the caller (`mayRead`); 404 otherwise (another tenant's, another part of the
 * tree's: no hint it exists).
 */
export async function getInspection(db: Db, caller: Caller, id: number): Promise<Inspection> {
  const found = await findInspection(db, caller, id);
  if (!found || !mayRead(caller, found.inspection.inspector.id, found.path, found.inspection.assignment_id))
    throw notFound(INSPECTION);
  const editable =
    found.inspection.status === 'in_progress' &&
    mayEdit(caller, found.inspection.inspector.id, found.path, found.inspection.assignment_id);
  return { ...found.inspection, editable };
}

/** A store visit: an active store in the caller's scope, an active template's current version, the caller inspecting. */
export async function createInspection(
  db: Db,
  caller: Caller,
  body: InspectionCreateBody,
): Promise<Inspection> {
  const id = await db.transaction(async (tx) => {
    const store = await storeIn(tx, caller.tenantId, caller.scope.path, body.store_id);
    if (!store) throw notFound('Workspace');
    // 404 for an archived or another tenant's template; holds it until the inspection is stored.
    const version = await currentVersionFor(tx, caller.tenantId, body.template_id);
    const created = await insertInspection(tx, {
      tenantId: caller.tenantId,
      version,
      storeNodeId: store.id,
      inspectorId: caller.userId,
    });
    describeActivity({
      entityId: created,
      entityName: `${version.name} (${store.name})`,
      scopePath: store.path,
      after: { template: version.name, version: version.version, store: store.name },
    });
    return created;
  });
  return getInspection(db, caller, id);
}

/**
 * The form of a store's task, opened by someone who may complete it: the assignment's inspection,
 * started with the task's version on first open and shared by the store's people after that.
 */
export async function openTaskForm(db: Db, caller: Caller, assignmentId: number): Promise<Inspection> {
  const id = await db.transaction(async (tx) => {
    const target = await lockTaskForm(tx, caller, assignmentId);
    const version = await versionById(tx, caller.tenantId, target.formVersionId);
    return taskFormInspection(tx, {
      tenantId: caller.tenantId,
      assignmentId,
      version,
      storeNodeId: target.workspaceNodeId,
      inspectorId: caller.userId,
    });
  });
  return getInspection(db, caller, id);
}

/** A sent-back task's form opens again with its answers kept (audit's send-back, in its transaction). */
export async function reopenTaskForm(tx: Db, tenantId: number, assignmentId: number) {
  await reopenTaskFormRow(tx, tenantId, assignmentId);
}

/** The inspection locked for a change by the caller, still in progress. */
async function lockForChange(tx: Db, caller: Caller, id: number): Promise<LockedInspection> {
  const locked = await lockInspection(tx, caller, id);
  if (!locked || !mayRead(caller, locked.inspector_id, locked.path, locked.assignment_id))
    throw notFound(INSPECTION);
  if (!mayEdit(caller, locked.inspector_id, locked.path, locked.assignment_id)) throw forbidden(NOT_YOURS);
  if (locked.status !== 'in_progress') throw conflict(FINISHED);
  return locked;
}

/** Every file the answers hold (photos, a signature question's image), in form order, once each. */
function filesOf(definition: FormDefinition, answers: Answers): string[] {
  return [
    ...new Set(
      questionsOf(definition).flatMap(({ question }) => {
        const answer = answers[question.id];
        if (!answer) return [];
        const signed =
          question.kind === 'signature' && typeof answer.value === 'string' ? [answer.value] : [];
        return [...(answer.photos ?? []), ...signed];
      }),
    ),
  ];
}

/** An answer that says nothing (no value, no N/A, no comment, no photo) takes the question's answer away. */
const isEmpty = (answer: Answer) =>
  (answer.value === undefined || answer.value === null || answer.value === '') &&
  answer.na !== true &&
  !answer.comment?.trim() &&
  (answer.photos?.length ?? 0) === 0;

/**
 * Saves one question's answer and the score of all of them (contract/forms.ts scoreInspection), in
 * one transaction on the locked row: two questions saved at once both stay. The same answer sent
 * again writes nothing.
 */
export async function answerQuestion(
  db: Db,
  caller: Caller,
  body: InspectionAnswerBody,
): Promise<Inspection> {
  await db.transaction(async (tx) => {
    const locked = await lockForChange(tx, caller, body.id);
    const question = questionsOf(locked.definition).find((q) => q.question.id === body.question_id)?.question;
    if (!question) {
      const message = 'This form has no such question: reload it, it may have changed.';
      throw badRequest(message, { question_id: message });
    }
    const problem = checkAnswer(question, body.answer);
    if (problem) throw badRequest(problem, { answer: problem });
    const files = filesOf(locked.definition, { [question.id]: body.answer });
    const stored = await existingFiles(tx, caller.tenantId, files);
    if (files.some((hash) => !stored.has(hash))) throw badRequest(FILES_MISSING, { photos: FILES_MISSING });

    const answers: Answers = { ...locked.answers };
    if (isEmpty(body.answer)) delete answers[question.id];
    else answers[question.id] = body.answer;
    if (isDeepStrictEqual(answers, locked.answers)) return;
    await saveAnswers(tx, caller.tenantId, locked.id, answers, scoreInspection(locked.definition, answers));
    await keepFiles(tx, caller.tenantId, locked.id, filesOf(locked.definition, answers));
  });
  return getInspection(db, caller, body.id);
}

/** What a question still owes, as a sentence its inspector can act on. */
function owed(question: Question | undefined, reason: MissingReason): string {
  switch (reason) {
    case 'photo':
      return 'Add a photo of what failed.';
    case 'comment':
      return 'Say in a comment what failed.';
    case 'photos':
      return `Add at least ${question?.min_photos ?? 1} photos.`;
    default:
      return 'Answer this question.';
  }
}

/** What finishing tells besides the inspection itself: the store's people, and its contact address. */
export interface FinishOutlets {
  jobs: Jobs;
  mailer: Mailer;
  publicUrl: string;
}

/** A workspace's contact when it is an e-mail address (the field also holds phone numbers or names). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Finishes an inspection once: every visible required question answered (400 INSPECTION_INCOMPLETE
 * with a sentence per question otherwise), signed with an uploaded image. A second finish, at once
 * or later, waits for the lock and is refused 409.
 */
export async function finish(
  db: Db,
  outlets: FinishOutlets,
  caller: Caller,
  body: InspectionFinishBody,
): Promise<Inspection> {
  await db.transaction(async (tx) => {
    const locked = await lockForChange(tx, caller, body.id);
    const missing = missingAnswers(locked.definition, locked.answers);
    if (missing.length > 0) {
      const questions = new Map(
        questionsOf(locked.definition).map(({ question }) => [question.id, question]),
      );
      const errors = Object.fromEntries(
        missing.map((m) => [m.question_id, owed(questions.get(m.question_id), m.reason)]),
      );
      throw new HttpError(
        400,
        'This inspection cannot be finished yet: some questions still need an answer.',
        errors,
        INSPECTION_INCOMPLETE_CODE,
      );
    }
    const signedBy = body.signed_by.trim();
    if (!signedBy) {
      const message = 'Write the name of the person signing.';
      throw badRequest(message, { signed_by: message });
    }
    if (!(await existingFiles(tx, caller.tenantId, [body.signature])).has(body.signature)) {
      const message = 'Upload the signature first: it is not stored.';
      throw badRequest(message, { signature: message });
    }
    const score = scoreInspection(locked.definition, locked.answers);
    await finishInspection(tx, caller.tenantId, locked.id, score, { hash: body.signature, name: signedBy });
    await keepFiles(tx, caller.tenantId, locked.id, [
      ...filesOf(locked.definition, locked.answers),
      body.signature,
    ]);
    // A task's form finished is the task completed (for review when it asks for approval).
    if (locked.assignment_id !== null) await completeByForm(tx, outlets.jobs, caller, locked.assignment_id);
    await queueInspectionCompleted(outlets.jobs, tx, caller.tenantId, locked.id);
    const done = await findInspection(tx, caller, locked.id);
    if (done && EMAIL.test(done.contact.trim())) await mailStore(tx, outlets, caller.tenantId, done);
    describeActivity({
      entityId: locked.id,
      entityName: done ? `${done.inspection.template.name} (${done.inspection.store.name})` : null,
      scopePath: locked.path,
      before: { status: 'in_progress' },
      after: {
        status: 'completed',
        percentage: score.percentage,
        passed: score.passed,
        failed_count: score.failed.length,
        signed_by: signedBy,
      },
    });
  });
  return getInspection(db, caller, body.id);
}

/**
 * The store's contact address is told of the finished inspection, in the tenant's language, with
 * a link to it. The mail module sends text only (no attachments), so the PDF is a link too.
 */
async function mailStore(tx: Db, outlets: FinishOutlets, tenantId: number, done: FoundInspection) {
  const { inspection } = done;
  const language = (await readersOf(tx, tenantId))(null);
  const link = `${outlets.publicUrl}/audit/inspection/${inspection.id}`;
  const values = {
    title: inspection.template.name,
    version: inspection.template.version,
    store: inspection.store.name,
    inspector: inspection.inspector.name,
    score:
      inspection.percentage === null
        ? '–'
        : `${inspection.points}/${inspection.max_score} (${inspection.percentage}%)`,
    failed: inspection.failed_count,
    report: `${outlets.publicUrl}/api/inspection/report?id=${inspection.id}`,
    link,
  };
  await outlets.mailer.send(tx, tenantId, {
    to: done.contact.trim(),
    subject: serverMessage(language, 'inspection.mail.subject', values),
    text: serverMessage(language, 'inspection.mail.body', values),
    link,
  });
}

/** Removes an inspection (inspection.delete, in the caller's scope), finished or not. */
export async function removeInspection(db: Db, caller: Caller, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const found = await findInspection(tx, caller, id);
    if (!found || !inScope(caller, found.path)) throw notFound(INSPECTION);
    await deleteInspection(tx, caller.tenantId, id);
    const { inspection } = found;
    describeActivity({
      entityId: id,
      entityName: `${inspection.template.name} (${inspection.store.name})`,
      scopePath: found.path,
      before: {
        template: inspection.template.name,
        version: inspection.template.version,
        store: inspection.store.name,
        status: inspection.status,
        percentage: inspection.percentage,
      },
    });
  });
  return { id };
}
