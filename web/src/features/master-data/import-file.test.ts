import { checkImportFiles, MAX_IMPORT_BYTES } from '@/features/master-data/import-file';

describe('import file checks (SPEC.md §5)', () => {
  it('wants exactly one non-empty .xlsx file of at most 5 MB', () => {
    expect(checkImportFiles([])).toBe('import.fileRequired');
    expect(checkImportFiles([{ name: 'a.xlsx', size: 10 }, { name: 'b.xlsx', size: 10 }])).toBe('import.oneFile');
    expect(checkImportFiles([{ name: 'a.xls', size: 10 }])).toBe('import.unsupportedFormat');
    expect(checkImportFiles([{ name: 'a.csv', size: 10 }])).toBe('import.unsupportedFormat');
    expect(checkImportFiles([{ name: 'a.xlsx', size: 0 }])).toBe('import.emptyFile');
    expect(checkImportFiles([{ name: 'a.xlsx', size: MAX_IMPORT_BYTES + 1 }])).toBe('import.tooLarge');
    expect(checkImportFiles([{ name: 'ประเภทอาหาร.XLSX', size: 10 }])).toBeNull();
  });
});
