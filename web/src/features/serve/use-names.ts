import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/use-session';
import { NS } from '@/features/serve/i18n';
import type { Ref } from '@/features/serve/types';
import { formatDate } from '@/lib/dates';
import { localName, personName } from '@/lib/names';

/** The branch and how the serve screens name references, people, beds and days in the interface language. */
export function useNames() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const { userInfo } = useSession();
  const branch = userInfo?.current?.branchCode ?? '';
  const ref = useCallback(
    (r: { nameTh: string; nameEn: string; code: string } | null | undefined) => (r ? localName(r, lang) || r.code : ''),
    [lang],
  );
  const name = useCallback((p: { firstNameTh: string; lastNameTh: string; firstNameEn: string; lastNameEn: string }) => personName(p, lang), [lang]);
  /** 'หอผู้ป่วยเด็ก ชั้น 3 · เตียง W01-01': the ward's name and the bed's code. */
  const wardBed = useCallback(
    (p: { ward: Ref | null; room: Ref | null }) => [ref(p.ward), p.room ? t('bed', { bed: p.room.code }) : ''].filter(Boolean).join(' · '),
    [ref, t],
  );
  /** A day (YYYY-MM-DD) as the other screens show it: '26 พ.ย. 2569', '26 Nov 2026'. */
  const day = useCallback((d: string) => formatDate(`${d}T12:00:00`, lang, 'UTC'), [lang]);
  return { lang, branch, ref, name, wardBed, day };
}
