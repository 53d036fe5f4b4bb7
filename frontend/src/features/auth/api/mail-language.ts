import { LANGUAGES, type Language } from '@papan/shared';

/**
 * The interface's language (i18n.resolvedLanguage) as the calls that e-mail someone take it, so the
 * message reads like the screen that asked for it; undefined (English) for anything else.
 */
export function mailLanguage(language: string | undefined): Language | undefined {
  return LANGUAGES.find((known) => known === language);
}
