import { useQueryClient } from '@tanstack/react-query';
import { apiPost, isApiError } from '@/lib/api-client';
import { patientsKey } from '@/features/patients/api/keys';
import type { Patient, PatientInput } from '@/features/patients/types';
import { useScreenMutation } from '@/lib/screen-errors';

/** POST /patient/updatePatientInfo — saves the whole patient (409 STALE_VERSION: someone saved in between). */
export function updatePatient(input: PatientInput): Promise<Patient> {
  return apiPost<Patient>('/patient/updatePatientInfo', input);
}

/** The stored patient a 409 STALE_VERSION carries (data.current), or null for any other error. */
export function staleCurrent(e: unknown): Patient | null {
  if (!isApiError(e) || e.status !== 409 || e.code !== 'STALE_VERSION') return null;
  return ((e.data as { current?: Patient } | null)?.current ?? null) as Patient | null;
}

/** Saves a patient; the list, the patient and the change record reload. The form shows the errors. */
export function useUpdatePatient() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: updatePatient,
    onSuccess: () => qc.invalidateQueries({ queryKey: patientsKey }),
  });
}
