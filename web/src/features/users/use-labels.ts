import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranches } from '@/lib/api/get-branches';
import { useRoles } from '@/lib/api/get-roles';
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/use-session';
import type { Account } from '@/features/users/types';
import { localName, personName as named } from '@/lib/names';

/** A person's name in the interface language (the other language, then the e-mail, if empty). */
export function personName(
  a: Pick<Account, 'firstNameTh' | 'lastNameTh' | 'firstNameEn' | 'lastNameEn'> & { email?: string },
  lang: string,
): string {
  return named(a, lang) || (a.email ?? '');
}

/**
 * Labels of the user screens: branch and role names (from the parameter calls, our own role
 * names until they answer), person names and dates in the current branch's time zone.
 */
export function useLabels() {
  const { t, i18n } = useTranslation(['users', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const { userInfo } = useSession();
  const currentBranch = userInfo?.current?.branchCode ?? '';
  const branches = useBranches();
  const roles = useRoles(currentBranch || branches.data?.[0]?.code);
  const timeZone = branches.data?.find((b) => b.code === currentBranch)?.timeZone ?? DEFAULT_TIME_ZONE;

  const roleName = useCallback(
    (code: string) => {
      const r = roles.data?.find((x) => x.code === code);
      const fromServer = localName(r, lang);
      return fromServer || t(`common:roles.${code}`, { defaultValue: t('common:roles.undefined') });
    },
    [roles.data, lang, t],
  );
  const branchName = useCallback(
    (code: string) => {
      const b = branches.data?.find((x) => x.code === code);
      return localName(b, lang) || code;
    },
    [branches.data, lang],
  );
  const dateTime = useCallback((v: string | null | undefined) => (v ? formatDateTime(v, lang, timeZone) : ''), [lang, timeZone]);
  const date = useCallback((v: string | null | undefined) => (v ? formatDate(v, lang, timeZone) : ''), [lang, timeZone]);

  return {
    lang,
    currentBranch,
    me: userInfo,
    branches: branches.data ?? [],
    roles: roles.data ?? [],
    roleName,
    branchName,
    name: (a: Parameters<typeof personName>[0]) => personName(a, lang),
    dateTime,
    date,
  };
}

/** What the users screens name: people, roles, branches, dates, in the interface language. */
export type Labels = ReturnType<typeof useLabels>;
