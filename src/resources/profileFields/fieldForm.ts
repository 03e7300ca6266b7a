import type { ProfileField, ProfileFieldCreateBody, ProfileFieldType } from '../../../contract/api/profile';

/** The inline editor's values: options as typed text, one per line. */
export interface FieldDraft {
  name: string;
  short_name: string;
  type: ProfileFieldType;
  options: string;
  required: boolean;
  active: boolean;
}

export const EMPTY_DRAFT: FieldDraft = {
  name: '',
  short_name: '',
  type: 'text',
  options: '',
  required: false,
  active: true,
};

/** A short name people need not invent: "Employee ID" → employee_id. */
export function shortNameFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  return /^[a-z]/.test(slug) ? slug : slug ? `field_${slug}`.slice(0, 50) : '';
}

export const toDraft = (field: ProfileField): FieldDraft => ({
  name: field.name,
  short_name: field.short_name,
  type: field.type,
  options: field.options.join('\n'),
  required: field.required,
  active: field.active,
});

export function toBody(draft: FieldDraft): ProfileFieldCreateBody {
  const options = draft.options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    name: draft.name.trim(),
    short_name: draft.short_name.trim(),
    type: draft.type,
    options: draft.type === 'select' ? options : [],
    required: draft.required,
    active: draft.active,
  };
}

/** The same checks the server makes, so most mistakes show before saving. Keys are i18n keys. */
export function draftProblems(draft: FieldDraft): Partial<Record<keyof FieldDraft, string>> {
  const problems: Partial<Record<keyof FieldDraft, string>> = {};
  const body = toBody(draft);
  if (!body.name) problems.name = 'ra.validation.required';
  if (!/^[a-z][a-z0-9_]*$/.test(body.short_name)) problems.short_name = 'profile_fields.helpers.short_name';
  if (draft.type === 'select' && (body.options ?? []).length === 0)
    problems.options = 'profile_fields.helpers.options';
  return problems;
}

/** Moves one id to another's place: the order drag and drop (or the arrows) produce. */
export function moveId(ids: readonly number[], moved: number, target: number): number[] {
  const from = ids.indexOf(moved);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
