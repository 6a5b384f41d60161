import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';

/** The branch's meal card setting (docs/meal-cards.md "Nutrients on the card"). */
export type CardSetting = { branchCode: string; showNutrients: boolean; version: number; updatedBy: string; updatedAt: string | null };

const KEY = ['reports', 'cardSetting'] as const;

/** GET /report/getCardSetting — whether the branch's meal cards print what each tray gives. */
export function getCardSetting(): Promise<CardSetting> {
  return apiGet<CardSetting>('/report/getCardSetting', { silent: true });
}

export function useCardSetting(branch: string) {
  return useQuery({ queryKey: [...KEY, branch], queryFn: getCardSetting, enabled: branch !== '' });
}

/** POST /report/updateCardSetting — turns the nutrients on the branch's meal cards on or off. */
export function updateCardSetting(input: { branchCode: string; showNutrients: boolean }): Promise<CardSetting> {
  return apiPost<CardSetting>('/report/updateCardSetting', input);
}

export function useUpdateCardSetting() {
  const qc = useQueryClient();
  return useScreenMutation({ mutationFn: updateCardSetting, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}
