import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { PATIENTS_AREA } from '@/features/patients/api/keys';
import type { Patient } from '@/features/patients/types';

/** GET /patient/getDataByHn — one patient of the branch, for the edit form. */
export function getPatient(hnId: string, branchCode: string): Promise<Patient> {
  return apiGet<Patient>('/patient/getDataByHn', { query: { hnId, branchCode } });
}

export function getPatientQueryOptions(hnId: string, branchCode: string) {
  return queryOptions({
    queryKey: [PATIENTS_AREA, { endpoint: 'getDataByHn', hnId, branchCode }],
    queryFn: () => getPatient(hnId, branchCode),
    staleTime: 0,
  });
}

export function usePatient(hnId: string | null, branchCode: string) {
  return useQuery({ ...getPatientQueryOptions(hnId ?? '', branchCode), enabled: !!hnId && branchCode !== '' });
}
