import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { nutritionKey } from '@/lib/api/get-nutrition-days';
import { useScreenMutation } from '@/lib/screen-errors';
import type { NutritionRecord, OwnTarget } from '@/features/nutrition/api/get-patient-targets';

export type PatientTargetsInput = { branchCode: string; hnId: string; weightKg: number | null; targets: OwnTarget[] };

/** POST /nutrition/updatePatientTargets — the patient's weight and every own target (one left out is removed); logged. */
export function updatePatientTargets(input: PatientTargetsInput): Promise<NutritionRecord> {
  return apiPost<NutritionRecord>('/nutrition/updatePatientTargets', input as unknown as Record<string, unknown>);
}

/** Saves; the day lists and the record reload. The form shows the errors. */
export function useUpdatePatientTargets() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: updatePatientTargets,
    onSuccess: () => qc.invalidateQueries({ queryKey: nutritionKey }),
  });
}
