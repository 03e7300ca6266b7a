import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Two validators. Query strings and path parameters arrive as text, so they are coerced to the
 * schema's types; JSON bodies are taken as sent: `{"id": true}` is not id 1 and `null` is not false.
 * `strictNumbers` refuses NaN and ±Infinity (the string "Infinity" would otherwise coerce and pass
 * an integer schema).
 */
const shared: Options = {
  removeAdditional: false,
  useDefaults: true,
  allErrors: true,
  strictNumbers: true,
  strict: false,
};

function build(options: Options): Ajv {
  const ajv = new Ajv({ ...shared, ...options });
  (addFormats.default ?? addFormats)(ajv);
  return ajv;
}

const bodyAjv = build({ coerceTypes: false });
const textAjv = build({ coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);

/** No request of the API nests deeper than a handful of levels; 32 leaves room for growth. */
export const MAX_NESTING = 32;

/**
 * The dotted path (cut at MAX_NESTING) of the first place where a request part nests deeper than
 * MAX_NESTING arrays or objects. Walked without recursion: a body of 100,000 opening brackets
 * parses fine, and must not overflow the stack of the checks that walk it afterwards (a 500).
 */
export function fieldTooDeep(value: unknown): string | undefined {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length) {
    const [item, path, depth] = stack.pop()!;
    if (!item || typeof item !== 'object') continue;
    if (depth >= MAX_NESTING) return path || 'body';
    for (const [key, child] of Object.entries(item))
      stack.push([child, path ? `${path}.${key}` : key, depth + 1]);
  }
  return undefined;
}

/** The dotted path of the first leaf (string or number) of a request part that fails `bad`. */
function firstField(value: unknown, bad: (leaf: unknown) => boolean, path = ''): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = firstField(item, bad, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (bad(key)) return path || 'body';
      const found = firstField(item, bad, path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  }
  return bad(value) ? path || 'value' : undefined;
}

/** The first field whose text holds a NUL character (PostgreSQL refuses it in text). */
export const fieldWithNul = (value: unknown) =>
  firstField(value, (leaf) => typeof leaf === 'string' && leaf.includes('\u0000'));

/**
 * The first field that became NaN or ±Infinity. Ajv's coercion turns the query text "Infinity"
 * into a number that then passes integer and maximum checks, so coerced parts are checked after.
 */
export const fieldNotFinite = (value: unknown) =>
  firstField(value, (leaf) => typeof leaf === 'number' && !Number.isFinite(leaf));
