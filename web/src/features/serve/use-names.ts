import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/use-session';
import { NS } from '@/features/serve/i18n';

/** The branch and how the serve screens name references and people in the interface language. */
export function useNames() {
  const { i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const { userInfo } = useSession();
  const branch = userInfo?.current?.branchCode ?? '';
  const ref = useCallback(
    (r: { nameTh: string; nameEn: string; code: string } | null | undefined) => (r ? (lang === 'en' ? r.nameEn || r.nameTh : r.nameTh || r.nameEn) || r.code : ''),
    [lang],
  );
  const name = useCallback(
    (p: { firstNameTh: string; lastNameTh: string; firstNameEn: string; lastNameEn: string }) => {
      const th = `${p.firstNameTh ?? ''} ${p.lastNameTh ?? ''}`.trim();
      const en = `${p.firstNameEn ?? ''} ${p.lastNameEn ?? ''}`.trim();
      return lang === 'en' ? en || th : th || en;
    },
    [lang],
  );
  return { lang, branch, ref, name };
}
