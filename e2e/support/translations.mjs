// @ts-check
// The app's own translation files, so a test asserts the text a screen must show in each language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = join(import.meta.dirname, '..', '..', 'frontend', 'public', 'locales');

/**
 * Every string of one language, by its dotted key ('home.welcome').
 * @param {'en' | 'id'} language
 * @returns {Map<string, string>}
 */
export function readTranslations(language) {
  const tree = JSON.parse(readFileSync(join(LOCALES, language, 'translation.json'), 'utf8'));
  /** @type {Map<string, string>} */
  const strings = new Map();
  /** @param {Record<string, unknown>} node @param {string} prefix */
  const walk = (node, prefix) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') strings.set(prefix + key, value);
      else walk(/** @type {Record<string, unknown>} */ (value), `${prefix}${key}.`);
    }
  };
  walk(tree, '');
  return strings;
}

/**
 * `t(key, values)` for one language, with i18next's `{{name}}` interpolation.
 * @param {'en' | 'id'} language
 */
export function translator(language) {
  const strings = readTranslations(language);
  /** @param {string} key @param {Record<string, string | number>} [values] @returns {string} */
  return (key, values = {}) => {
    const text = strings.get(key);
    if (text === undefined) throw new Error(`no ${language} translation for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_match, name) => String(values[name] ?? `{{${name}}}`));
  };
}

/**
 * English strings whose Indonesian text differs (without placeholders): none may show in Indonesian.
 * `userContent`: what people typed that happens to read like one (a list named "Done").
 * @param {string[]} [userContent]
 */
export function englishOnlyStrings(userContent = []) {
  const indonesian = readTranslations('id');
  const theirs = new Set(userContent);
  return new Set(
    [...readTranslations('en')]
      .filter(([key, text]) => text !== indonesian.get(key) && !text.includes('{{') && !theirs.has(text))
      .map(([, text]) => text),
  );
}
