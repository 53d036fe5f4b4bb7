import { ACTIVITY_TEMPLATES, NOTIFICATION_TEMPLATES } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import id from '../../public/locales/id/translation.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') keys.set(key, value);
    else flatten(value, key).forEach((text, nested) => keys.set(nested, text));
  }
  return keys;
}

const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.d.ts', '!../**/*.test.{ts,tsx}', '!../testing/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** Keys used in src: t('a.b'), t(`a.${x}.b`) (a pattern), and i18nKey="a.b". */
function usedKeys(): string[] {
  const found = new Set<string>();
  const call = /\bt\(\s*(['"`])((?:(?!\1).)+)\1/g;
  const transProp = /i18nKey=["']([^"']+)["']/g;
  for (const source of Object.values(sources)) {
    for (const match of source.matchAll(call)) found.add(match[2] ?? '');
    for (const match of source.matchAll(transProp)) found.add(match[1] ?? '');
  }
  return [...found].sort();
}

function matches(key: string, available: Map<string, string>): boolean {
  if (!key.includes('${')) return available.has(key);
  const escaped = key.split(/\$\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`^${escaped.join('[^.]+')}$`);
  return [...available.keys()].some((candidate) => pattern.test(candidate));
}

describe('translation files', () => {
  const english = flatten(en);
  const indonesian = flatten(id);

  it('finds the keys the source uses', () => {
    expect(usedKeys().length).toBeGreaterThan(20);
  });

  it.each([
    ['en', english],
    ['id', indonesian],
  ])('%s has every key used in src', (_language, available) => {
    expect(usedKeys().filter((key) => !matches(key, available))).toEqual([]);
  });

  it('en and id have the same keys', () => {
    expect([...indonesian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty text', () => {
    const empty = [...english, ...indonesian].filter(([, text]) => !text.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps the product strings that are Indonesian in both languages', () => {
    for (const key of ['auth.login.submitting', 'auth.login.errors.empty', 'auth.login.errors.failed']) {
      expect(indonesian.get(key)).toBe(english.get(key));
    }
  });
});

describe('feed templates', () => {
  const english = flatten(en);
  const indonesian = flatten(id);
  const placeholders = (text = '') => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

  it.each(Object.entries(ACTIVITY_TEMPLATES))(
    'activity %s: English is the template with its values in <b>, Indonesian has the same values',
    (template, text) => {
      const key = `activity.templates.${template}`;
      expect(english.get(key)).toBe(text.replace(/\{\{\w+\}\}/g, '<b>$&</b>'));
      expect(placeholders(indonesian.get(key))).toEqual(placeholders(text));
      expect(indonesian.get(key)?.match(/<\/?\w+>/g)).toEqual(english.get(key)?.match(/<\/?\w+>/g));
    },
  );

  it.each(Object.entries(NOTIFICATION_TEMPLATES))(
    'notification %s: English is the template, Indonesian has the same values',
    (template, text) => {
      const key = `notifications.templates.${template}`;
      expect(english.get(key)).toBe(text);
      expect(placeholders(indonesian.get(key))).toEqual(placeholders(text));
    },
  );
});
