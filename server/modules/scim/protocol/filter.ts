import { invalidFilter } from './errors';

/*
 * SCIM filters (RFC 7644 §3.4.2.2): `userName eq "bjensen"`, `emails[type eq "work"].value eq "…"`,
 * `title pr and (userType eq "Employee" or userType eq "Intern")`, `not (active eq false)`. Parsed
 * here into a tree that each resource turns into SQL for the attributes it knows
 * (filterSql.ts); anything else answers 400 invalidFilter naming what it cannot read.
 */

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  | { kind: 'present'; path: string }
  | { kind: 'compare'; path: string; op: CompareOp; value: FilterValue }
  /** `emails[type eq "work"]` alone, or followed by `.value eq "…"` (then `then` holds that). */
  | { kind: 'valuePath'; path: string; filter: Filter; sub?: Filter };

type Token =
  | { t: 'word'; v: string }
  | { t: 'string'; v: string }
  | { t: '(' | ')' | '[' | ']' }
  | { t: 'dotWord'; v: string };

const COMPARE = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ t: c });
      i += 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw invalidFilter('The filter has a string without its closing quote (").');
      try {
        tokens.push({ t: 'string', v: JSON.parse(text.slice(i, j + 1)) as string });
      } catch {
        throw invalidFilter(`The filter's string ${text.slice(i, j + 1)} is not a valid JSON string.`);
      }
      i = j + 1;
    } else if (c === '.' && tokens.at(-1)?.t === ']') {
      const m = /^\.([A-Za-z][\w$-]*)/.exec(text.slice(i));
      if (!m) throw invalidFilter('The filter has a “.” after “]” that names no sub-attribute.');
      tokens.push({ t: 'dotWord', v: m[1]! });
      i += m[0].length;
    } else {
      const m = /^[^\s()[\]"]+/.exec(text.slice(i));
      tokens.push({ t: 'word', v: m![0] });
      i += m![0].length;
    }
  }
  return tokens;
}

function literal(word: string): FilterValue {
  if (word === 'true') return true;
  if (word === 'false') return false;
  if (word === 'null') return null;
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(word)) return Number(word);
  throw invalidFilter(
    `The filter's value ${word} is not a quoted string, a number, true, false or null (write "${word}" for text).`,
  );
}

const SCHEMA_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;

/** An attribute path without its core schema's URN (`urn:…:core:2.0:User:userName` → `userName`). */
export const bareAttribute = (path: string) => path.replace(SCHEMA_PREFIX, '');

/** Parses a filter; 400 invalidFilter naming the problem. */
export function parseFilter(text: string): Filter {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++];
  const isWord = (v: string) => {
    const token = peek();
    return token?.t === 'word' && token.v.toLowerCase() === v;
  };

  function expression(): Filter {
    let left = term();
    while (isWord('or')) {
      at += 1;
      left = { kind: 'or', left, right: term() };
    }
    return left;
  }
  function term(): Filter {
    let left = factor();
    while (isWord('and')) {
      at += 1;
      left = { kind: 'and', left, right: factor() };
    }
    return left;
  }
  function factor(): Filter {
    const token = next();
    if (!token) throw invalidFilter('The filter ends where an attribute or “(” was expected.');
    if (token.t === '(') {
      const inner = expression();
      if (next()?.t !== ')') throw invalidFilter('The filter has a “(” without its “)”.');
      return inner;
    }
    if (token.t === 'word' && token.v.toLowerCase() === 'not') {
      if (peek()?.t !== '(') throw invalidFilter('“not” must be followed by a filter in parentheses.');
      return { kind: 'not', filter: factor() };
    }
    if (token.t !== 'word') throw invalidFilter('The filter has a value where an attribute was expected.');
    const path = bareAttribute(token.v);
    if (peek()?.t === '[') {
      at += 1;
      const inner = expression();
      if (next()?.t !== ']') throw invalidFilter(`The filter's “${path}[” has no closing “]”.`);
      const after = peek();
      if (after?.t === 'dotWord') {
        at += 1;
        return { kind: 'valuePath', path, filter: inner, sub: comparison(after.v) };
      }
      return { kind: 'valuePath', path, filter: inner };
    }
    return comparison(path);
  }
  function comparison(path: string): Filter {
    const op = next();
    if (op?.t !== 'word' || !(COMPARE.has(op.v.toLowerCase()) || op.v.toLowerCase() === 'pr'))
      throw invalidFilter(
        `The filter's “${path}” must be followed by an operator (eq, ne, co, sw, ew, gt, ge, lt, le or pr).`,
      );
    const name = op.v.toLowerCase();
    if (name === 'pr') return { kind: 'present', path };
    const value = next();
    if (!value || (value.t !== 'string' && value.t !== 'word'))
      throw invalidFilter(`The filter's “${path} ${name}” has no value to compare with.`);
    return {
      kind: 'compare',
      path,
      op: name as CompareOp,
      value: value.t === 'string' ? value.v : literal(value.v),
    };
  }

  if (tokens.length === 0) throw invalidFilter('The filter is empty.');
  const filter = expression();
  if (at < tokens.length)
    throw invalidFilter('The filter has more after its end: join its parts with “and” or “or”.');
  return filter;
}
