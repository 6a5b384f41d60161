// The checks an import file passes before it is sent (SPEC.md §5): one file at a time, of
// the import's formats (.xlsx; users also .xls), not empty, at most 5 MB. The server repeats
// them and the worker counts the rows (at most 1,000).

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The file endings an import takes: every import takes .xlsx, the users import also .xls. */
export type ImportFormats = readonly ('.xlsx' | '.xls')[];

/** The locale key (components.json) of what is wrong with the files chosen, or null. */
export function checkImportFiles(files: readonly { name: string; size: number }[], formats: ImportFormats): string | null {
  if (files.length === 0) return 'import.fileRequired';
  if (files.length > 1) return 'import.oneFile';
  const [f] = files;
  const name = f.name.toLowerCase();
  if (!formats.some((ext) => name.endsWith(ext))) return 'import.unsupportedFormat';
  if (f.size === 0) return 'import.emptyFile';
  if (f.size > MAX_IMPORT_BYTES) return 'import.tooLarge';
  return null;
}
