import type { FileInfo, RecurrenceInput, Task, TaskCreateBody, TaskType } from '../../../contract/api/tasks';

export type RepeatFreq = 'none' | 'daily' | 'weekly' | 'monthly';
export type RepeatEnds = 'never' | 'until' | 'count';
export type ExpiryMode = 'none' | 'end_of_day' | 'at_time';

/**
 * The task form's values. Close to the API body, but shaped for inputs: the recurrence has a
 * "does not repeat" choice and an explicit end, the expiry a mode, checklist steps are objects
 * (react-admin's array inputs edit objects), and attachments keep their names for display.
 */
export interface TaskFormValues {
  title: string;
  description: string;
  type_id: number | null;
  department_id: number | null;
  estimated_minutes: number | null;
  start_date: string;
  start_time: string;
  due_date: string;
  due_time: string;
  expiry_mode: ExpiryMode;
  expiry_time: string;
  repeat: {
    freq: RepeatFreq;
    interval: number;
    weekdays: number[];
    month_day: number;
    ends: RepeatEnds;
    until: string;
    count: number | null;
  };
  targets: { include: number[]; exclude: number[] };
  evidence: { comment: boolean; photos: number; files: number };
  checklist: { text: string }[];
  /** A form template the stores fill in instead of the checklist (issue 48). */
  form_template_id: number | null;
  approval: boolean;
  compliance: boolean;
  attachments: FileInfo[];
}

/** Today's local date as YYYY-MM-DD (the browser's day: the author plans in their own calendar). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The type a new task starts with: the one called "Task", else the first. */
export function defaultTypeId(types: readonly TaskType[]): number | null {
  return (types.find((t) => t.name.toLowerCase() === 'task') ?? types[0])?.id ?? null;
}

export function emptyTaskValues(today = localToday()): TaskFormValues {
  return {
    title: '',
    description: '',
    type_id: null,
    department_id: null,
    estimated_minutes: null,
    start_date: today,
    start_time: '09:00',
    due_date: today,
    due_time: '17:00',
    expiry_mode: 'none',
    expiry_time: '',
    repeat: {
      freq: 'none',
      interval: 1,
      weekdays: [weekdayOf(today)],
      month_day: Number(today.slice(8, 10)),
      ends: 'never',
      until: '',
      count: null,
    },
    targets: { include: [], exclude: [] },
    evidence: { comment: false, photos: 0, files: 0 },
    checklist: [],
    form_template_id: null,
    approval: false,
    compliance: false,
    attachments: [],
  };
}

/** A saved task as form values: to edit it, or (with `copyTitle`) to start a duplicate from it. */
export function taskToValues(task: Task, copyTitle?: (title: string) => string): TaskFormValues {
  const base = emptyTaskValues(task.start_date);
  const r = task.recurrence;
  const expiry = task.expiry;
  return {
    title: copyTitle ? copyTitle(task.title) : task.title,
    description: task.description,
    type_id: task.type_id,
    department_id: task.department_id,
    estimated_minutes: task.estimated_minutes,
    start_date: task.start_date,
    start_time: task.start_time,
    due_date: task.due_date,
    due_time: task.due_time,
    expiry_mode: expiry === null ? 'none' : expiry === 'end_of_day' ? 'end_of_day' : 'at_time',
    expiry_time: expiry && expiry !== 'end_of_day' ? expiry : '',
    repeat: r
      ? {
          freq: r.freq,
          interval: r.interval,
          weekdays: r.weekdays ?? base.repeat.weekdays,
          month_day: r.month_day ?? base.repeat.month_day,
          ends: r.until ? 'until' : r.count ? 'count' : 'never',
          until: r.until ?? '',
          count: r.count ?? null,
        }
      : base.repeat,
    targets: { include: [...task.targets.include], exclude: [...task.targets.exclude] },
    evidence: { ...task.evidence },
    checklist: task.checklist.map((text) => ({ text })),
    form_template_id: task.form_template_id,
    approval: task.approval,
    compliance: task.compliance,
    attachments: task.attachment_files.map((f) => ({ ...f })),
  };
}

/** The recurrence the API takes, or null for a one-off task. */
export function recurrenceBody(repeat: TaskFormValues['repeat']): RecurrenceInput | null {
  if (repeat.freq === 'none') return null;
  const body: RecurrenceInput = { freq: repeat.freq, interval: Math.max(1, Number(repeat.interval) || 1) };
  if (repeat.freq === 'weekly') body.weekdays = [...repeat.weekdays].sort((a, b) => a - b);
  if (repeat.freq === 'monthly') body.month_day = Number(repeat.month_day);
  if (repeat.ends === 'until' && repeat.until) body.until = repeat.until;
  if (repeat.ends === 'count' && repeat.count) body.count = Number(repeat.count);
  return body;
}

const numberOrNull = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** The API body of create, update and preview (spec issue 10 "Body fields"). */
export function taskBody(v: TaskFormValues): TaskCreateBody {
  return {
    title: v.title.trim(),
    description: v.description ?? '',
    type_id: Number(v.type_id),
    department_id: numberOrNull(v.department_id),
    estimated_minutes: numberOrNull(v.estimated_minutes),
    start_date: v.start_date,
    start_time: v.start_time,
    due_date: v.due_date,
    due_time: v.due_time,
    expiry: v.expiry_mode === 'none' ? null : v.expiry_mode === 'end_of_day' ? 'end_of_day' : v.expiry_time,
    recurrence: recurrenceBody(v.repeat),
    targets: { include: [...v.targets.include], exclude: [...v.targets.exclude] },
    evidence: {
      comment: Boolean(v.evidence.comment),
      photos: Number(v.evidence.photos) || 0,
      files: Number(v.evidence.files) || 0,
    },
    // A form replaces the checklist (the screen hides the steps while a form is chosen).
    checklist: numberOrNull(v.form_template_id) === null ? v.checklist.map((step) => step.text.trim()) : [],
    form_template_id: numberOrNull(v.form_template_id),
    approval: Boolean(v.approval),
    compliance: Boolean(v.compliance),
    attachments: v.attachments.map((f) => f.hash),
  };
}

/** Whether the body is complete enough to ask the server for a preview. */
export function previewable(v: TaskFormValues): boolean {
  return (
    v.targets.include.length > 0 &&
    v.type_id !== null &&
    /^\d{4}-\d{2}-\d{2}$/.test(v.start_date) &&
    /^\d{4}-\d{2}-\d{2}$/.test(v.due_date) &&
    /^\d{2}:\d{2}$/.test(v.start_time) &&
    /^\d{2}:\d{2}$/.test(v.due_time)
  );
}

/** A server field path (body shape) → the form input that shows it. */
function formField(path: string, v: TaskFormValues): string {
  const [head, second] = path.split('.');
  if (head === 'recurrence') {
    if (second === 'until') return 'repeat.until';
    if (second === 'count') return 'repeat.count';
    if (second === 'month_day') return 'repeat.month_day';
    if (second === 'weekdays') return 'repeat.weekdays';
    if (second === 'interval') return 'repeat.interval';
    return 'repeat.freq';
  }
  if (head === 'expiry') return v.expiry_mode === 'at_time' ? 'expiry_time' : 'expiry_mode';
  if (head === 'checklist' && second !== undefined) return `checklist.${second}.text`;
  if (head === 'attachments') return 'attachments';
  if (head === 'targets') return second === 'exclude' ? 'targets.exclude' : 'targets.include';
  if (head === 'evidence' && second) return `evidence.${second}`;
  return head ?? path;
}

/** The server's 400/403 field errors, keyed by form input (first message per input). */
export function formErrors(errors: Record<string, string>, v: TaskFormValues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) result[formField(path, v)] ??= message;
  return result;
}
