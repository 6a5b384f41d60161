import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranches } from '@/lib/api/get-branches';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/use-session';
import { showDay, showValue } from '@/features/patients/change-values';
import type { Ref } from '@/features/patients/types';
import { NS } from '@/features/patients/i18n';
import { localName, personName } from '@/lib/names';

/** What the patient screens name: references, people, days and times in the interface language and the branch's zone. */
export function useLabels() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const { userInfo } = useSession();
  const branch = userInfo?.current?.branchCode ?? '';
  const branches = useBranches();
  const timeZone = branches.data?.find((b) => b.code === branch)?.timeZone ?? DEFAULT_TIME_ZONE;

  const ref = useCallback((r: Pick<Ref, 'nameTh' | 'nameEn' | 'code'> | null | undefined) => (r ? localName(r, lang) || r.code : ''), [lang]);
  const dateTime = useCallback((v: string | null | undefined) => (v ? formatDateTime(v, lang, timeZone) : ''), [lang, timeZone]);
  const day = useCallback((v: string | null | undefined) => showDay(v, lang), [lang]);
  const value = useCallback((field: string, v: unknown) => showValue(field, v, lang, timeZone, t as never), [lang, timeZone, t]);
  const name = useCallback((p: { firstNameTh: string; lastNameTh: string; firstNameEn: string; lastNameEn: string }) => personName(p, lang), [lang]);

  return { lang, branch, me: userInfo?.employeeCode ?? '', timeZone, ref, dateTime, day, value, name };
}

export type Labels = ReturnType<typeof useLabels>;
