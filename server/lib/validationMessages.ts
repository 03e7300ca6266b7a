/**
 * Schema (AJV) issues turned into sentences a person can act on, one per field, for the
 * `errors` of a 400 answer (the web shows each under its field) and its `message`.
 */

export interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Field names whose plain reading would not say what they are. */
const LABELS: Record<string, string> = {
  open_at: 'Opening date',
  node_id: 'Place',
  role_id: 'Role',
  parent_id: 'Parent',
  per_page: 'Rows per page',
  assigns: 'Positions',
};

/** "max_active_workspace" → "Max active workspace"; "assigns.0.role_id" → "Role". */
export function fieldLabel(field: string): string {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  const known = LABELS[last];
  if (known) return known;
  const words = last.replace(/_id$/, '').replaceAll('_', ' ').trim() || 'This field';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address such as name@example.com',
  date: 'a date such as 2024-05-01',
  'date-time': 'a date and time such as 2024-05-01T09:30:00Z',
  time: 'a time such as 09:30',
  uri: 'a web address such as https://example.com',
  url: 'a web address such as https://example.com',
  uuid: 'an identifier in the form of a UUID',
};

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const listOf = (values: string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A sentence for one constraint that failed although the value had the right type. */
function constraintSentence(label: string, issue: ValidationIssue): string | undefined {
  const p = issue.params ?? {};
  const limit = num(p.limit);
  switch (issue.keyword) {
    case 'minLength':
      return limit <= 1
        ? `${label} cannot be empty`
        : `${label} needs at least ${plural(limit, 'character', 'characters')}`;
    case 'maxLength':
      return `${label} can be at most ${plural(limit, 'character', 'characters')} long`;
    case 'minimum':
      return `${label} must be ${limit} or more`;
    case 'maximum':
      return `${label} must be ${limit} or less`;
    case 'exclusiveMinimum':
      return `${label} must be more than ${limit}`;
    case 'exclusiveMaximum':
      return `${label} must be less than ${limit}`;
    case 'minItems':
      return `Choose at least ${limit} for ${label.toLowerCase()}`;
    case 'maxItems':
      return `${label} can hold at most ${limit}`;
    case 'uniqueItems':
      return `${label} lists the same value twice`;
    case 'format': {
      const format = String(p.format ?? '');
      return `${label} must be ${FORMAT_WORDS[format] ?? `in the ${format} format`}`;
    }
    case 'pattern':
      return `${label} is not in the expected form`;
    case 'multipleOf':
      return `${label} must be a multiple of ${shown(p.multipleOf)}`;
    default:
      return undefined;
  }
}

/** The sentence for one field from all the issues AJV found there (a union reports one per branch). */
function fieldSentence(field: string, issues: ValidationIssue[]): string {
  const label = fieldLabel(field);
  const missing = issues.find((i) => i.keyword === 'required');
  if (missing) return `${label} is required`;
  if (issues.some((i) => i.keyword === 'additionalProperties'))
    return `${label} is not a field this form takes`;
  // A constraint failing means the value had the type of its branch: that is the one to fix.
  for (const issue of issues) {
    const sentence = constraintSentence(label, issue);
    if (sentence) return sentence;
  }
  const allowed = [
    ...issues.filter((i) => i.keyword === 'const').map((i) => shown(i.params?.allowedValue)),
    ...issues
      .filter((i) => i.keyword === 'enum')
      .flatMap((i) => (i.params?.allowedValues as unknown[]) ?? [])
      .map(shown),
  ];
  const types = issues
    .filter((i) => i.keyword === 'type')
    .flatMap((i) => String(i.params?.type ?? '').split(','))
    .filter(Boolean);
  const empty = types.includes('null');
  const kinds = [
    ...new Set([...allowed, ...types.filter((t) => t !== 'null').map((t) => TYPE_WORDS[t] ?? t)]),
  ];
  if (kinds.length > 0) return `${label} must be ${listOf(kinds)}${empty ? ', or left empty' : ''}`;
  if (empty) return `${label} must be left empty`;
  return `${label} is not valid`;
}

/** The field a single issue is about: the missing or unknown property, else the value's path. */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const p = issue.params ?? {};
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const named =
    typeof p.missingProperty === 'string'
      ? p.missingProperty
      : typeof p.additionalProperty === 'string'
        ? p.additionalProperty
        : undefined;
  if (named) return path ? `${path}.${named}` : named;
  return path || context || 'request';
}

/** Every field's sentence, in the order AJV met the fields. */
export function describeIssues(issues: ValidationIssue[], context?: string): Record<string, string> {
  const byField = new Map<string, ValidationIssue[]>();
  for (const issue of issues) {
    // anyOf/oneOf only say that no branch matched; the branches' own issues say why.
    if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf') continue;
    const field = fieldOf(issue, context);
    byField.set(field, [...(byField.get(field) ?? []), issue]);
  }
  if (byField.size === 0 && issues[0]) byField.set(fieldOf(issues[0], context), [issues[0]]);
  const errors: Record<string, string> = {};
  for (const [field, list] of byField) errors[field] = fieldSentence(field, list);
  return errors;
}
