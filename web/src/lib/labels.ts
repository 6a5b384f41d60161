import type { TFunction } from 'i18next';
import type { Permission, UserInfo } from '@/lib/session';

export function displayName(user: UserInfo, lang: string): string {
  const th = `${user.firstNameTh ?? ''} ${user.lastNameTh ?? ''}`.trim();
  const en = `${user.firstNameEn ?? ''} ${user.lastNameEn ?? ''}`.trim();
  return (lang === 'th' ? th || en : en || th) || user.email;
}

/**
 * The role's name in the interface language: the server's name when it sent one, else our
 * own for the six known codes, else 'Undefined' (SPEC.md §3).
 */
export function roleLabel(t: TFunction, roleCode: string, perm?: Pick<Permission, 'role'>, lang?: string): string {
  const fromServer = perm?.role ? (lang === 'en' ? perm.role.nameEn : perm.role.nameTh) : '';
  return fromServer || t(`common:roles.${roleCode}`, { defaultValue: t('common:roles.undefined') });
}

export function branchLabel(perm: Pick<Permission, 'branchCode' | 'branchNameTh' | 'branchNameEn'>, lang: string): string {
  const name = lang === 'en' ? perm.branchNameEn || perm.branchNameTh : perm.branchNameTh || perm.branchNameEn;
  return name ? `${name} (${perm.branchCode})` : perm.branchCode;
}

export function currentPermission(user: UserInfo | null): Permission | undefined {
  const c = user?.current;
  if (!c) return undefined;
  return user.permission.find((p) => p.branchCode === c.branchCode && p.roleCode === c.roleCode);
}
