import { getSessionUser } from '../providers/sessionStore';
import { appMessages } from './en';
import { termValues } from './terms';

function lookup(key: string): string | undefined {
  let node: unknown = appMessages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translation for the screens outside react-admin (sign-in, password pages, loading). It reads the
 * same messages and terms as the polyglot provider, without carrying polyglot into the first load;
 * those screens use no plurals.
 */
export function translate(key: string, options: Record<string, unknown> = {}): string {
  const message = lookup(key);
  if (message === undefined) return key;
  const values: Record<string, unknown> = { ...termValues(getSessionUser()?.terms ?? {}), ...options };
  return message.replace(/%\{(\w+)\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}
