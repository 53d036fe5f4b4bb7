import { useDeferredValue, useState } from 'react';

/**
 * Admin search is a case-insensitive substring match on any of the given fields (docs/product.md,
 * "Validation").
 */
export function matches(query: string, fields: (string | null | undefined)[]): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return !needle || fields.some((field) => field?.toLocaleLowerCase().includes(needle));
}

/** The search box's text, and the rows that match it (typing stays responsive on 1,000 rows). */
export function useSearch<T>(rows: T[] | undefined, fieldsOf: (row: T) => (string | null | undefined)[]) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const filtered = (rows ?? []).filter((row) => matches(deferred, fieldsOf(row)));
  return { query, setQuery, filtered };
}
