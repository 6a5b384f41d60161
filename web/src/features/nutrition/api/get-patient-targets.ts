import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { nutritionKey, type Target } from '@/lib/api/get-nutrition-days';
import type { Nutrient } from '@/lib/nutrients';

/** A patient's own target of a nutrient: a day's range, or per kilogram (energy and protein). */
export type OwnTarget = {
  nutrient: Nutrient;
  basis: 'DAY' | 'KG';
  dailyMin: number | null;
  dailyMax: number | null;
  mealMin: number | null;
  mealMax: number | null;
};

/** A patient's nutrition record: weight, own targets, the targets that hold, the diet's alone. */
export type NutritionRecord = {
  hnId: string;
  weightKg: number | null;
  own: OwnTarget[];
  targets: Target[];
  dietTargets: Target[];
  updatedAt: string | null;
  updatedBy: string;
};

/** GET /nutrition/patientTargets — a patient's weight and targets. */
export function getPatientTargets(branchCode: string, hnId: string): Promise<NutritionRecord> {
  return apiGet<NutritionRecord>('/nutrition/patientTargets', { query: { branchCode, hnId } });
}

export function getPatientTargetsQueryOptions(branchCode: string, hnId: string) {
  return queryOptions({ queryKey: [...nutritionKey, 'patient', { branchCode, hnId }], queryFn: () => getPatientTargets(branchCode, hnId) });
}

export function usePatientTargets(branchCode: string, hnId: string | null) {
  return useQuery({ ...getPatientTargetsQueryOptions(branchCode, hnId ?? ''), enabled: hnId !== null && branchCode !== '' });
}
