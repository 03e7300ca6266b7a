import { isLanguage, type Language } from '../../contract/languages';

/**
 * The language the signed-in person last read on this browser (sign-in's answer, each verify), so
 * the screens before the session is verified (issue 44: "Loading your workspace…") speak it.
 */
const KEY = 'storeline.language';

/** null: the person and their tenant chose none (the browser's language then). */
export function rememberLanguage(language: Language | null): void {
  try {
    if (language) window.localStorage.setItem(KEY, language);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Without storage the loading screen speaks the browser's language, as before sign-in.
  }
}

export function rememberedLanguage(): Language | undefined {
  try {
    const value = window.localStorage.getItem(KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
