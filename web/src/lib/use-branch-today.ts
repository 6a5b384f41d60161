import type { Dayjs } from 'dayjs';
import { useBranches } from '@/lib/api/get-branches';
import { DEFAULT_TIME_ZONE, pickerToday, todayIn } from '@/lib/dates';
import { useSession } from '@/lib/use-session';

/**
 * The current branch's time zone and its today, for a screen's default date: the branch's day
 * (Asia/Bangkok until the branch list says otherwise), never the device's (docs/web.md).
 */
export function useBranchToday(): { timeZone: string; today: string; todayPicker: Dayjs } {
  const { userInfo } = useSession();
  const branches = useBranches();
  const branch = userInfo?.current?.branchCode;
  const timeZone = branches.data?.find((b) => b.code === branch)?.timeZone || DEFAULT_TIME_ZONE;
  return { timeZone, today: todayIn(timeZone), todayPicker: pickerToday(timeZone) };
}
