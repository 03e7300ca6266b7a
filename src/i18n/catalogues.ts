import type { Language } from '../../contract/languages';
import { appMessages as en } from './en';
import { appMessages as es } from './es';
import { appMessages as fr } from './fr';

/** The app's messages in each language the contract's table names (a missing one does not compile). */
export const APP_CATALOGUES: Record<Language, typeof en> = { en, es, fr };
