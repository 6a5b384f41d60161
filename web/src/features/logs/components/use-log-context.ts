import { useTranslation } from 'react-i18next';
import { ROLE } from '@/config/roles';
import { NS } from '@/features/logs/i18n';
import { useBranches } from '@/lib/api/get-branches';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/use-session';

/** What both log screens need: the language, whether the caller reads every branch, and times in the current branch's zone. */
export function useLogContext() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const { userInfo } = useSession();
  const allBranches = userInfo?.current?.roleCode === ROLE.superAdmin;
  const branches = useBranches();
  const timeZone = branches.data?.find((b) => b.code === userInfo?.current?.branchCode)?.timeZone ?? DEFAULT_TIME_ZONE;
  const dateTime = (v: string) => formatDateTime(v, lang, timeZone);
  const branch = (code: string) => code || t('filter.noBranch');
  return { t, lang, allBranches, timeZone, dateTime, branch };
}
