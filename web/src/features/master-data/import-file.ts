// The checks an import file passes before it is sent (SPEC.md §5): one file at a time,
// .xlsx only, not empty; the server repeats them (and the 5 MB limit) and the worker counts
// the rows (at most 1,000).

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The locale key (master-data.json) of what is wrong with the files chosen, or null. */
export function checkImportFiles(files: readonly { name: string; size: number }[]): string | null {
  if (files.length === 0) return 'import.fileRequired';
  if (files.length > 1) return 'import.oneFile';
  const [f] = files;
  if (!/\.xlsx$/i.test(f.name)) return 'import.unsupportedFormat';
  if (f.size === 0) return 'import.emptyFile';
  if (f.size > MAX_IMPORT_BYTES) return 'import.tooLarge';
  return null;
}
