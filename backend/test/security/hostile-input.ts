import fc from 'fast-check';
import type { z } from 'zod';

/** Text that has broken servers before: control and format characters, bidi, markup, injections. */
export const EDGE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil.exe',
  '\u200b\u200c\u200d\u2060',
  '\ufeff',
  '\u2028\u2029',
  'مرحبا بالعالم',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇l͖͎g̞̥͈o̞̻',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00%2e%2e%2f',
  '${7*7}{{7*7}}',
  ' ',
  '',
];

/** JSON texts whose own keys try to reach Object.prototype. */
export const PROTO_JSON = [
  '{"__proto__":{"polluted":"yes","role":"ADMIN"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":[]}',
];

const deep = (n: number) => JSON.parse(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`) as unknown;

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...EDGE_STRINGS), fc.integer({ min: 100, max: 5_000 }))
      .map(([s, n]) => s.repeat(n)),
  },
);

export const hostileNumber = fc.constantFrom(
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 63),
  2 ** 31,
  -1,
  -0,
  0.5,
  1e21,
  5e-324,
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_JSON).map((s) => JSON.parse(s) as unknown) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 3_000 }).map(deep) },
);

/** Keys a client must never be able to set, mixed into objects with hostile values. */
const dangerousKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'role',
  'ownerId',
  'boardId',
  'userId',
  '_id',
  'version',
  'createdAt',
  'provider',
);

/** An object carrying `keys` as own properties, '__proto__' included (which `{}` literals cannot). */
function withOwnKeys(base: Record<string, unknown>, extra: [string, unknown][]): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of extra) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
  return out;
}

interface ZodDef {
  type: string;
  [key: string]: unknown;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Inputs shaped by a shared zod schema where each field is sometimes valid and sometimes hostile,
 * with forbidden keys mixed in; `ids` are the real ids that fill uuid fields.
 */
export function fromSchema(schema: z.ZodType, ids: string[], hostileRate = 0.3): fc.Arbitrary<unknown> {
  const valid = validOf(schema, ids, hostileRate);
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
}

function maybeHostile(arb: fc.Arbitrary<unknown>, rate: number): fc.Arbitrary<unknown> {
  const w = Math.round(rate * 10);
  return fc.oneof({ weight: 10 - w, arbitrary: arb }, { weight: w, arbitrary: hostileValue });
}

function validOf(schema: z.ZodType, ids: string[], rate: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(
        Object.entries(shape).map(([k, s]) => [k, maybeHostile(validOf(s, ids, rate), rate)]),
      );
      return fc
        .tuple(
          fc.record(fields, { requiredKeys: [] }),
          fc.array(fc.tuple(dangerousKey, hostileValue), { maxLength: 2 }),
        )
        .map(([base, extra]) => withOwnKeys(base, extra));
    }
    case 'string':
      return stringOf(schema, ids);
    case 'number': {
      const n = schema as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      const min = Math.max(n.minValue ?? -1e6, -1e6);
      const max = Math.min(n.maxValue ?? 1e6, 1e6);
      return n.isInt ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'array':
      return fc.array(validOf(def.element as z.ZodType, ids, rate), { maxLength: 4 });
    case 'record':
      // Keyed by ids (custom field values, docs/fields.md): the world's ids, so values reach the checks.
      return fc.dictionary(
        validOf(def.keyType as z.ZodType, ids, rate).map(String),
        maybeHostile(validOf(def.valueType as z.ZodType, ids, rate), rate),
        { maxKeys: 4 },
      );
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => validOf(o, ids, rate)));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validOf(def.innerType as z.ZodType, ids, rate);
    case 'pipe':
      return validOf(def.in as z.ZodType, ids, rate);
    default:
      return hostileValue;
  }
}

function stringOf(schema: z.ZodType, ids: string[]): fc.Arbitrary<unknown> {
  const s = schema as unknown as { format: string | null; maxLength: number | null };
  if (s.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'datetime') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const checks = (defOf(schema).checks ?? []) as { _zod: { def: { pattern?: RegExp } } }[];
  const pattern = checks.map((c) => c._zod.def.pattern).find(Boolean);
  if (pattern) return fc.stringMatching(pattern);
  const max = Math.min(s.maxLength ?? 200, 200);
  return fc.oneof(
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(max, 20) }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 5 }), fc.constantFrom(...EDGE_STRINGS))
        .map(([a, b]) => (a + b).slice(0, max)),
    },
  );
}

/** The seed of this run: FUZZ_SEED to replay a failure, else fixed so runs are repeatable. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_251_111);
