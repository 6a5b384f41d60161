import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { MENUS_AREA } from '@/features/menus/api/keys';
import type { Amounts, Target } from '@/lib/api/get-nutrition-days';
import type { Nutrient } from '@/lib/nutrients';

export type OutOfRange = { nutrient: Nutrient; unit: string; limit: 'DAILY_MIN' | 'DAILY_MAX' | 'MEAL_MAX'; bound: number; value: number; mealTimeId?: number };

export type CycleAnalysisDay = {
  dayNo: number;
  meals: { mealTimeId: number; mealTimeCode: string; mealTimeNameTh: string; mealTimeNameEn: string; trays: number; average: Amounts }[];
  average: Amounts;
  min: Amounts;
  max: Amounts;
  outOfRange: OutOfRange[];
};

export type CycleAnalysis = {
  cycleId: number;
  roundType: 'LOOP' | 'WEEKDAY';
  dayCount: number;
  targets: Target[];
  days: CycleAnalysisDay[];
  average: Amounts;
  min: Amounts;
  max: Amounts;
  outOfRangeDays: number[];
};

export type AnalysisParams = { branchCode: string; cycleId: number; dietTypeId: number; therapeuticId?: number };

/** GET /nutrition/cycleAnalysis — a round planned against a diet's targets (docs/nutrition.md). */
export function getCycleAnalysis(p: AnalysisParams): Promise<CycleAnalysis> {
  return apiGet<CycleAnalysis>('/nutrition/cycleAnalysis', { query: { ...p }, silent: true });
}

export function useCycleAnalysis(p: AnalysisParams) {
  return useQuery({
    queryKey: [MENUS_AREA, 'cycleAnalysis', p],
    queryFn: () => getCycleAnalysis(p),
    enabled: p.branchCode !== '' && p.cycleId > 0 && p.dietTypeId > 0,
  });
}
