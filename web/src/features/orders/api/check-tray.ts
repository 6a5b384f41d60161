import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { nutritionKey, type Amounts, type NutrientWarning, type PatientDay } from '@/lib/api/get-nutrition-days';

export type TrayBody = {
  branchCode: string;
  hnId: string;
  dateOrder: string;
  mealTimeId: number;
  items: { menuId?: number; menuSetId?: number }[];
};

/** The day so far (without the meal's own order), the tray, the day with it, and the limits it goes over. */
export type TrayCheck = { day: PatientDay; tray: Amounts; after: Amounts; warnings: NutrientWarning[] };

/** POST /nutrition/checkTray — what a tray would give the patient's day; writes nothing, refuses nothing. */
export function checkTray(body: TrayBody): Promise<TrayCheck> {
  return apiPost<TrayCheck>('/nutrition/checkTray', body as unknown as Record<string, unknown>, { silent: true });
}

export function useCheckTray(body: TrayBody, enabled: boolean) {
  return useQuery({
    queryKey: [...nutritionKey, 'tray', body],
    queryFn: () => checkTray(body),
    enabled,
    // the figures stay while the next choice is checked
    placeholderData: keepPreviousData,
  });
}
