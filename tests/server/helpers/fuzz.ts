import fc from 'fast-check';

/** The part of JSON Schema (as the OpenAPI document has it) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

const nested = (depth: number, leaf: unknown, asObject: boolean): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
};

/** Text that number parsing turns into infinities, NaN, lost precision or hex: hostile in a body and a query alike. */
const NUMBER_LOOKALIKES = ['Infinity', '-Infinity', 'NaN', '1e400', '99999999999999999999', '0x10'];

/** A prototype-polluting key as JSON.parse makes it: an own property named __proto__. */
const PROTO = JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}');

/**
 * Values that break naive code wherever a field is expected: wrong types, numbers past every bound
 * and the text forms that coerce into them, NUL and lone surrogates, text of 200 KB, deep nesting.
 */
export const HOSTILE: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  ...NUMBER_LOOKALIKES,
  '\uD800',
  '😀'.repeat(50),
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'x'.repeat(200_000),
  [],
  {},
  ['a\u0000'],
  { id: 1 },
  PROTO,
  nested(200, 1, false),
  nested(200, 'x', true),
];

/** Whole request bodies (as sent) that are not what any route takes, down to 100,000 levels deep. */
export const HOSTILE_BODIES: readonly string[] = [
  ...HOSTILE.map((v) => JSON.stringify(v)),
  `${'['.repeat(100_000)}0${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(50_000)}0${'}'.repeat(50_000)}`,
  JSON.stringify(Array.from({ length: 50_000 }, (_, i) => i)),
  '{"id": 1,',
  '{"id": 1}{"id": 2}',
  'null',
  '',
];

/** Query-string texts: what coerces to a bad number, NUL, and length. */
export const HOSTILE_TEXT: readonly string[] = [
  '',
  '-1',
  '0',
  '1.5',
  ...NUMBER_LOOKALIKES,
  'true',
  'null',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '%',
  "' OR 1=1 --",
  '../../etc/passwd',
  'x'.repeat(10_000),
];

const hostile = fc.constantFrom(...HOSTILE);

/**
 * Values for a schema that are mostly valid — so that requests get past validation into the
 * services — with, at every field, a chance of a hostile value, a missing required field or an
 * unknown one. Ids are drawn mostly from the small numbers real rows have.
 */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: valid(schema ?? {}, depth, true), weight: 12 },
    { arbitrary: hostile, weight: 1 },
  );
}

/** Values the schema allows, all the way down: requests that reach the service and its SQL. */
export function validFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return valid(schema ?? {}, 0, false);
}

function valid(schema: JsonSchema, depth: number, mixed: boolean): fc.Arbitrary<unknown> {
  const child = (s: JsonSchema | undefined) =>
    mixed ? arbitraryFor(s, depth + 1) : valid(s ?? {}, depth + 1, false);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => valid(s, depth, mixed)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1000, -(2 ** 31));
      const max = Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1);
      return fc.oneof(
        fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 400), Math.max(min, 1)) }),
        fc.integer({ min, max }),
        fc.constantFrom(min, max),
      );
    }
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return validString(schema);
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(child(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      if (depth > 4) return fc.constant({});
      return validObject(schema, child, mixed);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const min = Math.min(schema.minLength ?? 0, max);
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.constantFrom('2026-11-23', '2026-02-29', '1900-01-01', '9999-12-31');
    case 'date-time':
      return fc.constantFrom('2026-11-23T09:00:00Z', '2026-11-23T09:00:00+10:00', '0001-01-01T00:00:00Z');
    case 'time':
      return fc.constantFrom('09:00', '23:59', '00:00:00');
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= (schema.maxLength ?? 1e9));
    } catch {
      // A pattern JavaScript cannot compile: plain text is fine, the server refuses it.
    }
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.constantFrom('Australia/Sydney', 'UTC', '#aa5500', 'owner@acme.test', 'Sydney CBD'),
  );
}

function validObject(
  schema: JsonSchema,
  child: (s: JsonSchema) => fc.Arbitrary<unknown>,
  mixed: boolean,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) fields[key] = child(property);
  const record = fc.record(fields, { requiredKeys: [...required].filter((k) => k in fields) });
  if (!mixed) return record;
  return fc
    .tuple(
      record,
      // Now and then a required field goes missing or an unknown one comes along.
      fc.option(fc.constantFrom(...(required.size ? [...required] : ['-'])), { freq: 8 }),
      fc.option(fc.tuple(fc.constantFrom('extra', 'id', '__proto__', 'tenant_id'), hostile), { freq: 8 }),
    )
    .map(([value, drop, extra]) => {
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (drop) delete out[drop];
      if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, writable: true });
      return out;
    });
}

/** A query string for these parameters: mostly valid values, some hostile text, repeated keys. */
export function queryFor(parameters: { name: string; schema?: JsonSchema; required?: boolean }[]) {
  const fields: Record<string, fc.Arbitrary<string[] | undefined>> = {};
  for (const p of parameters) {
    const text = fc.oneof(
      { arbitrary: valid(p.schema ?? {}, 0, false).map(asText), weight: 10 },
      { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 1 },
    );
    fields[p.name] = fc.oneof(
      { arbitrary: text.map((v) => [v]), weight: 8 },
      { arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }), weight: 1 },
      { arbitrary: fc.constant(undefined), weight: p.required ? 1 : 3 },
    );
  }
  return fc.record(fields).map((values) => {
    const search = new URLSearchParams();
    for (const [key, list] of Object.entries(values)) for (const v of list ?? []) search.append(key, v);
    return search.toString();
  });
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Path parameter values: plausible ones and ones that try to leave the path. */
export const pathSegment = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    'a'.repeat(64),
    `${'b'.repeat(32)}.png`,
    '..',
    '%2e%2e%2fetc',
    '%00',
    'x'.repeat(2000),
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

const BOUNDARY = 'fuzzBoundary7';
const part = (eol: string, data: string) =>
  [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="file"; filename="f.png"',
    'Content-Type: image/png',
    '',
    data,
    `--${BOUNDARY}--`,
    '',
  ].join(eol);

/** Upload bodies: malformed multipart of every kind, random bytes, and files that are not images. */
export const multipartBody = fc.oneof(
  fc.constantFrom(
    { type: 'multipart/form-data', body: part('\r\n', 'x') },
    { type: 'multipart/form-data; boundary=', body: part('\r\n', 'x') },
    { type: 'multipart/form-data; boundary=other', body: part('\r\n', 'x') },
    { type: `multipart/form-data; boundary=${BOUNDARY}`, body: part('\r\n', 'x').slice(0, 90) },
    { type: `multipart/form-data; boundary=${BOUNDARY}`, body: part('\n', 'x') },
    { type: `multipart/form-data; boundary=${BOUNDARY}`, body: part('\r\n', '') },
    { type: `multipart/form-data; boundary=${BOUNDARY}`, body: part('\r\n', '<svg onload=alert(1)>') },
    { type: 'application/json', body: '{"file": "x"}' },
    { type: 'text/plain', body: 'x' },
  ),
  fc.tuple(fc.string({ maxLength: 200 }), fc.boolean()).map(([data, crlf]) => ({
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: part(crlf ? '\r\n' : '\n', data),
  })),
);
