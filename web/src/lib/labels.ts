import type { TFunction } from 'i18next';
import type { Permission, UserInfo } from '@/lib/session';
import { localName, personName, pickName } from '@/lib/names';

/** The signed-in person's name in the interface language (the other language, then the e-mail, if empty). */
export function displayName(user: UserInfo, lang: string): string {
  return personName(user, lang) || user.email;
}

/**
 * The role's name in the interface language: the server's name when it sent one, else our
 * own for the six known codes, else 'Undefined' (SPEC.md §3).
 */
export function roleLabel(t: TFunction, roleCode: string, perm?: Pick<Permission, 'role'>, lang?: string): string {
  const fromServer = localName(perm?.role, lang ?? 'th');
  return fromServer || t(`common:roles.${roleCode}`, { defaultValue: t('common:roles.undefined') });
}

export function branchLabel(perm: Pick<Permission, 'branchCode' | 'branchNameTh' | 'branchNameEn'>, lang: string): string {
  const name = pickName(lang, perm.branchNameTh, perm.branchNameEn);
  return name ? `${name} (${perm.branchCode})` : perm.branchCode;
}

export function currentPermission(user: UserInfo | null): Permission | undefined {
  const c = user?.current;
  if (!c) return undefined;
  return user.permission.find((p) => p.branchCode === c.branchCode && p.roleCode === c.roleCode);
}
