import type { RecurrenceInput, TaskCreateBody } from '../../../contract/api/tasks';
import type { Db } from '../../db/client';
import type { Recurrence } from '../../db/schema';
import { type Caller, inScope } from '../../lib/caller';
import { badRequest, HttpError } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { existingFiles } from '../attachments/service';
import { hasType } from '../tasktypes/service';
import { departmentExists, findTargetNodes, findTaskForm, type TargetNodeRow } from './organisation';
import { firstOccurrence, isCalendarDate, weekdayOf } from './recurrence';

/** A task body checked and normalised: what the repository writes. */
export interface TaskValues {
  title: string;
  description: string;
  typeId: number;
  departmentId: number | null;
  estimatedMinutes: number | null;
  startDate: string;
  startTime: string;
  dueDate: string;
  dueTime: string;
  expiry: string | null;
  recurrence: Recurrence | null;
  evidenceComment: boolean;
  evidencePhotos: number;
  evidenceFiles: number;
  checklist: string[];
  approval: boolean;
  compliance: boolean;
  formVersionId: number | null;
}

export interface CheckedTask {
  values: TaskValues;
  include: TargetNodeRow[];
  exclude: TargetNodeRow[];
  attachments: string[];
}

export const OUTSIDE_SCOPE = 'You can only send tasks inside your part of the organisation';

function normaliseRecurrence(
  input: RecurrenceInput,
  startDate: string,
  errors: Record<string, string>,
): Recurrence {
  const recurrence: Recurrence = { freq: input.freq, interval: input.interval ?? 1 };
  if (input.freq === 'weekly') {
    recurrence.weekdays = [...(input.weekdays?.length ? input.weekdays : [weekdayOf(startDate)])].sort();
  }
  if (input.freq === 'monthly') {
    const day = input.month_day ?? Number(startDate.slice(8, 10));
    if (day === 0) errors['recurrence.month_day'] = 'Choose a day from 1 to 31, or the last day of the month';
    recurrence.month_day = day;
  }
  if (input.until) {
    if (!isCalendarDate(input.until)) errors['recurrence.until'] = 'recurrence.until is not a date';
    else if (input.until < startDate)
      errors['recurrence.until'] = 'The repeat must end on or after the start date';
    recurrence.until = input.until;
  }
  if (input.count) recurrence.count = input.count;
  return recurrence;
}

function checkSchedule(body: TaskCreateBody, errors: Record<string, string>) {
  for (const field of ['start_date', 'due_date'] as const) {
    if (!isCalendarDate(body[field])) errors[field] = `${body[field]} is not a date`;
  }
  const start = `${body.start_date} ${body.start_time}`;
  const due = `${body.due_date} ${body.due_time}`;
  if (!errors.start_date && !errors.due_date && due <= start)
    errors.due_time = 'The task must be due after it starts';
  const expiry = body.expiry ?? null;
  if (expiry && expiry !== 'end_of_day' && expiry <= body.due_time)
    errors.expiry = 'The task must expire after its due time (or at the end of the due day)';
  const recurrence = body.recurrence ? normaliseRecurrence(body.recurrence, body.start_date, errors) : null;
  if (recurrence && !errors.start_date && !Object.keys(errors).some((k) => k.startsWith('recurrence'))) {
    if (firstOccurrence({ startDate: body.start_date, recurrence }) === null)
      errors.recurrence = 'This repeat never happens between the start date and its end';
  }
  return { expiry, recurrence };
}

async function checkTargets(db: Db, caller: Caller, body: TaskCreateBody, errors: Record<string, string>) {
  const includeIds = body.targets.include;
  const excludeIds = body.targets.exclude ?? [];
  const nodes = new Map(
    (await findTargetNodes(db, caller.tenantId, [...includeIds, ...excludeIds])).map((n) => [n.id, n]),
  );
  const refused: Record<string, string> = {};
  const pick = (ids: readonly number[], field: string) =>
    ids.flatMap((id, i) => {
      const node = nodes.get(id);
      const at = `targets.${field}.${i}`;
      if (!node) errors[at] = 'This place no longer exists';
      else if (node.type === 'unassigned')
        errors[at] = 'Unassigned holds no {workspaces_lower}; choose a {workspace_lower} or an area';
      else if (!inScope(caller, node.path)) refused[at] = OUTSIDE_SCOPE;
      else return [node];
      return [];
    });
  const include = pick(includeIds, 'include');
  const exclude = pick(excludeIds, 'exclude');
  const both = includeIds.find((id) => excludeIds.includes(id));
  if (both !== undefined) errors['targets.exclude'] = 'A place cannot be both included and excluded';
  exclude.forEach((node, i) => {
    if (!include.some((inc) => node.path.startsWith(inc.path) && node.path !== inc.path))
      errors[`targets.exclude.${i}`] ??= `${node.name} is not beneath an included place`;
  });
  return { include, exclude, refused };
}

/**
 * Checks a task body against the tenant's data and the caller's scope: 400 with field errors for
 * anything a person should correct, 403 for a target outside the caller's part of the tree.
 */
export async function checkTaskBody(db: Db, caller: Caller, body: TaskCreateBody): Promise<CheckedTask> {
  const errors: Record<string, string> = {};
  const title = body.title.trim();
  if (!title) errors.title = 'Give the task a title';
  if (!(await hasType(db, caller.tenantId, body.type_id))) errors.type_id = 'Choose one of your task types';
  const departmentId = body.department_id ?? null;
  if (departmentId !== null && !(await departmentExists(db, caller.tenantId, departmentId)))
    errors.department_id = 'Choose one of your departments';
  const { expiry, recurrence } = checkSchedule(body, errors);
  const checklist = (body.checklist ?? []).map((step) => step.trim());
  checklist.forEach((step, i) => {
    if (!step) errors[`checklist.${i}`] = 'Write the step or remove it';
  });
  const formTemplateId = body.form_template_id ?? null;
  const form =
    formTemplateId === null
      ? undefined
      : await findTaskForm(db, caller.tenantId, { templateId: formTemplateId });
  if (formTemplateId !== null && !form) errors.form_template_id = 'Choose one of your active form templates';
  // The form is the stores' steps: two lists of steps to tick would say two different things.
  if (form && checklist.length > 0) {
    errors.checklist = 'A task with a form has no checklist: put the steps in the form';
  }
  const attachments = body.attachments ?? [];
  const known = await existingFiles(db, caller.tenantId, attachments);
  attachments.forEach((hash, i) => {
    if (!known.has(hash)) errors[`attachments.${i}`] = 'Upload this file again: it is not stored';
  });
  const { include, exclude, refused } = await checkTargets(db, caller, body, errors);

  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  if (Object.keys(refused).length) throw new HttpError(403, OUTSIDE_SCOPE, refused);

  const evidence = body.evidence ?? { comment: false, photos: 0, files: 0 };
  return {
    values: {
      title,
      description: sanitizeHtml(body.description ?? ''),
      typeId: body.type_id,
      departmentId,
      estimatedMinutes: body.estimated_minutes ?? null,
      startDate: body.start_date,
      startTime: body.start_time,
      dueDate: body.due_date,
      dueTime: body.due_time,
      expiry,
      recurrence,
      evidenceComment: evidence.comment,
      evidencePhotos: evidence.photos,
      evidenceFiles: evidence.files,
      checklist,
      approval: body.approval ?? false,
      compliance: body.compliance ?? false,
      formVersionId: form?.version_id ?? null,
    },
    include,
    exclude,
    attachments,
  };
}
