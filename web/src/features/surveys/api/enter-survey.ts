import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { SURVEYS_AREA } from '@/features/surveys/api/keys';
import type { Answers } from '@/features/surveys/types';

export type StaffAnswer = { orderId: string; answers: Answers; comment: string };

/** POST /survey/patientSatisfaction (Serve, Controller): answers entered for a patient; 409 when the tray has one. */
export function enterSurvey(body: StaffAnswer): Promise<unknown> {
  return apiPost('/survey/patientSatisfaction', body);
}

export function useEnterSurvey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: enterSurvey,
    onSettled: () => qc.invalidateQueries({ queryKey: [SURVEYS_AREA] }),
  });
}
