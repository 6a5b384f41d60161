// @vitest-environment jsdom
import { describe, expect, it, vi, beforeEach } from 'vitest';
import en from '@/locales/en/users.json';
import th from '@/locales/th/users.json';

const apiGet = vi.fn();
const apiPost = vi.fn();
vi.mock('@/lib/api-client', () => ({
  apiGet: (...a: unknown[]) => apiGet(...a),
  apiPost: (...a: unknown[]) => apiPost(...a),
}));

import { searchUsers } from '@/features/users/api/search-users';
import { searchUserAccess } from '@/features/users/api/search-user-access';
import { inviteUser } from '@/features/users/api/invite-user';
import { inviteUsersByStatus } from '@/features/users/api/invite-users-by-status';
import { toInput } from '@/features/users/components/user-form-drawer';
import { matchesDeleteWord } from '@/components/texts';
import { sortFrom } from '@/components/paged-table';
import { accessSortParam } from '@/features/users/table-sort';
import { personName } from '@/features/users/use-labels';

function keys(o: unknown, prefix = ''): string[] {
  if (o === null || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('users locale', () => {
  it('has every Thai string in English and the other way round, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(th).sort());
    for (const [lang, d] of [['th', th], ['en', en]] as const) {
      for (const k of keys(d)) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], d);
        expect(typeof v === 'string' && v.length > 0, `${lang}:${k}`).toBe(true);
      }
    }
  });

  it('names the five status filters of SPEC.md §9', () => {
    expect(Object.keys(th.status)).toEqual(['ALL', 'NOT_INVITED', 'INVITED', 'ACTIVE', 'INACTIVE']);
  });
});

describe('calls', () => {
  beforeEach(() => {
    apiGet.mockReset().mockResolvedValue({ items: [], total: 0, page: 1, size: 20 });
    apiPost.mockReset().mockResolvedValue(null);
  });

  it('searchUsers sends page from 1 and size; ALL and an empty search are left out', async () => {
    await searchUsers({ page: 1, size: 20, status: 'ALL', criteria: '' });
    expect(apiGet).toHaveBeenCalledWith('/auth/searchUsers', {
      query: { criteria: undefined, page: 1, size: 20, sortBy: undefined, sortDesc: undefined, status: undefined },
    });
    await searchUsers({ page: 3, size: 50, status: 'INVITED', criteria: 'somchai', sortBy: 'email', sortDesc: true });
    expect(apiGet).toHaveBeenLastCalledWith('/auth/searchUsers', {
      query: { criteria: 'somchai', page: 3, size: 50, sortBy: 'email', sortDesc: true, status: 'INVITED' },
    });
  });

  it('searchUserAccess names the branch and sorts with field or field,desc', async () => {
    await searchUserAccess({ branchCode: 'SRP01', page: 1, size: 20, roleCode: 'BOD', status: 'ALL', sort: accessSortParam({ field: 'email', desc: true }) });
    expect(apiGet).toHaveBeenCalledWith('/auth/searchUserAccess', {
      query: { branchCode: 'SRP01', criteria: undefined, page: 1, size: 20, roleCode: 'BOD', status: undefined, sort: 'email,desc' },
    });
  });

  it('invitations go as query parameters', async () => {
    await inviteUser({ userId: 7, inviteBy: 'D0005' });
    expect(apiPost).toHaveBeenCalledWith('/auth/inviteToUser', undefined, { query: { userId: 7, inviteBy: 'D0005' } });
    await inviteUsersByStatus({ status: 'NOT_INVITED,INVITED', inviteBy: 'D0005' });
    expect(apiGet).toHaveBeenCalledWith('/auth/inviteUsersByStatus', { query: { status: 'NOT_INVITED,INVITED', inviteBy: 'D0005' } });
  });
});

describe('form and helpers', () => {
  const values = {
    employeeCode: ' E001 ', email: ' Somjai@Hospital.Example ', firstNameTh: ' สมใจ', lastNameTh: 'ใจดี ', firstNameEn: '', lastNameEn: '',
    status: 'INACTIVE' as const, note: 'ผู้ดูแลเท่านั้น',
    permissions: [{ branchCode: 'SRP01', roleCode: 'BOD' }, { branchCode: 'SRP02' }, {}],
  };

  it('toInput trims, lower-cases the e-mail, drops incomplete pairs; status and id only on update', () => {
    expect(toInput(values, null, 'D0005')).toEqual({
      employeeCode: 'E001', email: 'somjai@hospital.example', firstNameTh: 'สมใจ', lastNameTh: 'ใจดี', firstNameEn: '', lastNameEn: '',
      note: 'ผู้ดูแลเท่านั้น', permissions: [{ branchCode: 'SRP01', roleCode: 'BOD' }], updateBy: 'D0005',
    });
    expect(toInput(values, 12, 'D0005')).toMatchObject({ id: 12, status: 'INACTIVE' });
  });

  it('a deletion needs the Thai word ลบ exactly', () => {
    expect(matchesDeleteWord('ลบ')).toBe(true);
    expect(matchesDeleteWord(' ลบ ')).toBe(true);
    for (const v of ['', 'delete', 'ลบบ', 'Delete']) expect(matchesDeleteWord(v)).toBe(false);
  });

  it('maps the table sorter; none when cleared', () => {
    expect(sortFrom({ columnKey: 'email', order: 'descend' })).toEqual({ field: 'email', desc: true });
    expect(sortFrom({ columnKey: 'email', order: undefined })).toEqual({});
    expect(accessSortParam({ field: 'status' })).toBe('status');
    expect(accessSortParam({})).toBeUndefined();
  });

  it('names a person in the interface language, falling back to the other, then the e-mail', () => {
    const a = { firstNameTh: 'สมใจ', lastNameTh: 'ใจดี', firstNameEn: 'Somjai', lastNameEn: 'Jaidee', email: 's@x.y' };
    expect(personName(a, 'th')).toBe('สมใจ ใจดี');
    expect(personName(a, 'en')).toBe('Somjai Jaidee');
    expect(personName({ ...a, firstNameEn: '', lastNameEn: '' }, 'en')).toBe('สมใจ ใจดี');
    expect(personName({ firstNameTh: '', lastNameTh: '', firstNameEn: '', lastNameEn: '', email: 's@x.y' }, 'th')).toBe('s@x.y');
  });
});
