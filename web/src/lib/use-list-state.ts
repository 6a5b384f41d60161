import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's search, filters, page, page size and sort, kept in the address (`?q=…&page=3`) so
 * that a reload, a shared link or the browser's Back shows the same view.
 *
 * - Every value is read through its `Param`: a missing, malformed or unknown value (page
 *   `abc`, size 7, a column the list cannot sort by) is the default, so it never reaches the
 *   server.
 * - A write is one `setSearchParams` with `replace` (typing does not fill the history),
 *   defaults are left out of the address and other parameters (the screen's `tab`) are kept.
 * - Any change that does not name `page` goes back to the first page (a new search, filter,
 *   page size or sort).
 */

/** How one value of a list is read from, and written to, the address. */
export type Param<T> = {
  fallback: T;
  /** The value of a raw address string; undefined when it is not acceptable. */
  parse: (raw: string) => T | undefined;
  /** The address string of a value; the fallback's string is left out of the address. */
  format: (value: T) => string;
};

/** One column sorted, ascending or descending; none when `field` is unset. */
export type ListSort = { field?: string; desc?: boolean };

/** Free text (a search), trimmed; empty by default. */
export function textParam(): Param<string> {
  return { fallback: '', parse: (raw) => raw.trim(), format: (v) => v.trim() };
}

/** One of a fixed set of strings (a status filter). */
export function oneOfParam<T extends string>(values: readonly T[], fallback: T): Param<T> {
  return {
    fallback,
    parse: (raw) => (values as readonly string[]).includes(raw) ? (raw as T) : undefined,
    format: (v) => v,
  };
}

/** A page number from 1 (digits only, at most 6 of them). */
export function pageParam(): Param<number> {
  return {
    fallback: 1,
    parse: (raw) => (/^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : undefined),
    format: String,
  };
}

/** A page size among the sizes the table offers. */
export function sizeParam(sizes: readonly number[], fallback: number): Param<number> {
  return {
    fallback,
    parse: (raw) => (/^[0-9]{1,4}$/.test(raw) && sizes.includes(Number(raw)) ? Number(raw) : undefined),
    format: String,
  };
}

/** A sort over the listed columns: `code` ascending, `-code` descending; none by default. */
export function sortParam(columns: readonly string[]): Param<ListSort> {
  return {
    fallback: {},
    parse: (raw) => {
      const desc = raw.startsWith('-');
      const field = desc ? raw.slice(1) : raw;
      return columns.includes(field) ? { field, desc } : undefined;
    },
    format: (s) => (s.field ? `${s.desc ? '-' : ''}${s.field}` : ''),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListSpec = Record<string, Param<any>>;
export type ListValues<S extends ListSpec> = { [K in keyof S]: S[K] extends Param<infer T> ? T : never };

/** The list's values in these address parameters, each validated (else its default). */
export function readListState<S extends ListSpec>(spec: S, search: URLSearchParams): ListValues<S> {
  const out: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(spec)) {
    const raw = search.get(key);
    const v = raw === null ? undefined : p.parse(raw);
    out[key] = v === undefined ? p.fallback : v;
  }
  return out as ListValues<S>;
}

/**
 * The address parameters after a change: the list's values (current ones, then the change;
 * `page` back to 1 unless the change names it), defaults and invalid values left out, every
 * parameter the list does not own kept as it was.
 */
export function writeListState<S extends ListSpec>(
  spec: S,
  search: URLSearchParams,
  change: Partial<ListValues<S>>,
): URLSearchParams {
  const current = readListState(spec, search);
  const next: Record<string, unknown> = { ...current, ...change };
  if ('page' in spec && !('page' in change)) next.page = spec.page.fallback;
  // others first as they were, then the list's own in a fixed order (one address per view)
  const out = new URLSearchParams(search);
  for (const key of Object.keys(spec)) out.delete(key);
  for (const [key, p] of Object.entries(spec)) {
    const s = p.format(next[key]);
    if (s !== '' && s !== p.format(p.fallback)) out.append(key, s);
  }
  return out;
}

/**
 * The list's state in the address and its one setter. `spec` should be stable (a module
 * constant or memoised). Call the setter once per user action: react-router's updates within
 * one tick do not compose.
 */
export function useListState<S extends ListSpec>(spec: S): [ListValues<S>, (change: Partial<ListValues<S>>) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const values = useMemo(() => readListState(spec, search), [spec, key]);
  // The address as last written. react-router hands a functional update the parameters of
  // its last render, so a second action before the screen re-rendered (a filter, then Enter
  // in the search box, quickly) would start from the old address and undo the first.
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const set = useCallback(
    (change: Partial<ListValues<S>>) => {
      const next = writeListState(spec, latest.current, change);
      latest.current = next;
      setSearch(next, { replace: true });
    },
    [spec, setSearch],
  );
  return [values, set];
}
