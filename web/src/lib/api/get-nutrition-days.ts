import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import type { Nutrient } from '@/lib/nutrients';

/** What a tray or a day gives, by nutrient, in base units (kcal, g, sodium in mg). */
export type Amounts = Partial<Record<Nutrient, number>>;

/** A nutrient's range for a patient (docs/nutrition.md): the diet's, or the patient's own. */
export type Target = {
  nutrient: Nutrient;
  unit: string;
  dailyMin: number | null;
  dailyMax: number | null;
  mealMin: number | null;
  mealMax: number | null;
  own: boolean;
  basis?: 'DAY' | 'KG';
  perKg?: { dailyMin: number | null; dailyMax: number | null };
  from: { kind: 'DIET_TYPE' | 'THERAPEUTIC'; code: string; nameTh: string; nameEn: string }[];
};

/** A limit a day (DAILY_MAX) or a tray (MEAL_MAX) goes over, with the figures. */
export type NutrientWarning = { nutrient: Nutrient; unit: string; limit: 'DAILY_MAX' | 'MEAL_MAX'; max: number; total: number };

export type NutritionMeal = {
  orderId: string;
  mealTimeId: number;
  mealTimeCode: string;
  mealTimeNameTh: string;
  mealTimeNameEn: string;
  status: string;
  nutrients: Amounts;
};

/** A patient's day against the targets. */
export type PatientDay = {
  hnId: string;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  wardCode: string;
  wardNameTh: string;
  wardNameEn: string;
  roomCode: string;
  dateOrder: string;
  weightKg: number | null;
  targets: Target[];
  totals: Amounts;
  over: NutrientWarning[];
  meals: NutritionMeal[];
};

export type DaysParams = { branchCode: string; dateOrder: string; ward?: number; criteria?: string; page?: number; size?: number };

/** Every query of nutrition starts with it: a change of targets or an order reloads them. */
export const nutritionKey = ['nutrition'] as const;

/** GET /nutrition/days — the day of the branch's patients in hospital (one ward, a search). */
export function getNutritionDays(p: DaysParams): Promise<Page<PatientDay>> {
  return apiGet<Page<PatientDay>>('/nutrition/days', {
    query: { branchCode: p.branchCode, dateOrder: p.dateOrder, ward: p.ward || undefined, criteria: p.criteria || undefined, page: p.page, size: p.size },
    silent: true,
  });
}

export function getNutritionDaysQueryOptions(p: DaysParams) {
  return queryOptions({ queryKey: [...nutritionKey, 'days', p], queryFn: () => getNutritionDays(p) });
}

export function useNutritionDays(p: DaysParams, enabled = true) {
  return useQuery({ ...getNutritionDaysQueryOptions(p), enabled: enabled && p.branchCode !== '' });
}
