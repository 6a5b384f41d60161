import { checkImportFiles, MAX_IMPORT_BYTES } from '@/lib/import-file';

describe('import file checks (SPEC.md §5)', () => {
  it('master data: exactly one non-empty .xlsx file of at most 5 MB', () => {
    const check = (files: { name: string; size: number }[]) => checkImportFiles(files, ['.xlsx']);
    expect(check([])).toBe('import.fileRequired');
    expect(check([{ name: 'a.xlsx', size: 10 }, { name: 'b.xlsx', size: 10 }])).toBe('import.oneFile');
    expect(check([{ name: 'a.xls', size: 10 }])).toBe('import.unsupportedFormat');
    expect(check([{ name: 'a.csv', size: 10 }])).toBe('import.unsupportedFormat');
    expect(check([{ name: 'a.xlsx', size: 0 }])).toBe('import.emptyFile');
    expect(check([{ name: 'a.xlsx', size: MAX_IMPORT_BYTES + 1 }])).toBe('import.tooLarge');
    expect(check([{ name: 'ประเภทอาหาร.XLSX', size: 10 }])).toBeNull();
  });

  it('users: .xlsx or .xls, one file, not empty, at most 5 MB', () => {
    const check = (files: { name: string; size: number }[]) => checkImportFiles(files, ['.xlsx', '.xls']);
    expect(check([])).toBe('import.fileRequired');
    expect(check([{ name: 'a.xlsx', size: 1 }, { name: 'b.xlsx', size: 1 }])).toBe('import.oneFile');
    expect(check([{ name: 'users.csv', size: 10 }])).toBe('import.unsupportedFormat');
    expect(check([{ name: 'users.xlsx', size: 0 }])).toBe('import.emptyFile');
    expect(check([{ name: 'users.xls', size: 6 * 1024 * 1024 }])).toBe('import.tooLarge');
    expect(check([{ name: 'USERS.XLS', size: 10 }])).toBeNull();
    expect(check([{ name: 'users.xlsx', size: 10 }])).toBeNull();
  });
});
