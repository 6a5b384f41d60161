import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, apiGet, type FileLink } from '@/lib/api-client';
import { nutritionKey, type Amounts, type Target } from '@/lib/api/get-nutrition-days';

/**
 * A day's state, said in words beside its figures (never by colour alone): NO_TRAYS (none
 * served), NOT_COLLECTED (served, none collected), LOW (energy or protein under half the
 * minimum), OK. The server decides it (Go's IntakeDay.State, the worklist's low day too) and
 * sends it with each day: the screen says it, it does not work it out again.
 */
export type DayState = 'NO_TRAYS' | 'NOT_COLLECTED' | 'LOW' | 'OK';

/** What a patient ate on a day: the served trays, those collected, what they gave, the share (%) of the energy and protein minimums eaten, and the day's state (the server's rule). */
export type IntakeDay = {
  date: string;
  trays: number;
  collected: number;
  eaten: Amounts;
  percent: { energy?: number; protein?: number };
  state: DayState;
};

/** A patient's intake over days (GET /nutrition/intake), with the energy and protein targets. */
export type Intake = { hnId: string; dateFrom: string; dateTo: string; targets: Target[]; days: IntakeDay[] };

/** GET /nutrition/intake — what a patient ate per day, the 14 days up to today by default (from the admission when later). */
export function getIntake(branchCode: string, hnId: string): Promise<Intake> {
  return apiGet<Intake>('/nutrition/intake', { query: { branchCode, hnId }, silent: true });
}

export function getIntakeQueryOptions(branchCode: string, hnId: string) {
  return queryOptions({ queryKey: [...nutritionKey, 'intake', { branchCode, hnId }], queryFn: () => getIntake(branchCode, hnId) });
}

export function useIntake(branchCode: string, hnId: string | null) {
  return useQuery({ ...getIntakeQueryOptions(branchCode, hnId ?? ''), enabled: hnId !== null && branchCode !== '' });
}

/** GET /download/nutritionIntake — the intake's days as .xlsx (null: 204, no tray served in them). */
export function useDownloadIntake() {
  return useMutation({
    mutationFn: (v: { branchCode: string; hnId: string; dateFrom: string; dateTo: string }): Promise<FileLink | null> =>
      apiDownload('/download/nutritionIntake', { query: v }),
  });
}
