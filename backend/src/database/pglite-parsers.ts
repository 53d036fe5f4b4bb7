import { types, type QueryOptions } from '@electric-sql/pglite';

const asText = (value: string) => value;

/**
 * The types Drizzle asks PGlite to hand over as text (it parses them itself): timestamps, dates,
 * intervals, numeric and their arrays — the same list as drizzle-orm/pglite/session.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** PGlite options that make Drizzle's text types the client's own parsers. */
export const DRIZZLE_PARSERS: NonNullable<QueryOptions['parsers']> = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.map((type) => [type, asText]),
);
