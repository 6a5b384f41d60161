import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type Page } from '@/lib/api-client';
import { PATIENTS_AREA } from '@/features/patients/api/keys';
import type { Patient, PatientRow } from '@/features/patients/types';

export type SearchPatientsParams = {
  branch: string;
  criteria?: string;
  /** From 1. */
  page: number;
  size: number;
  sortBy?: string;
  sortDesc?: boolean;
  /** A ward id or ALL. */
  ward: string;
  /** IN_HOSPITAL, DISCHARGED or ALL. */
  status: string;
};

/** GET /patient/search — a page of the branch's Current patients; each row keyed by its place. */
export async function searchPatients(p: SearchPatientsParams): Promise<Page<PatientRow>> {
  const page = await apiGet<Page<Patient>>('/patient/search', {
    query: {
      branch: p.branch,
      criteria: p.criteria || undefined,
      page: p.page,
      size: p.size,
      sortBy: p.sortBy,
      sortDesc: p.sortBy ? p.sortDesc === true : undefined,
      ward: p.ward,
      status: p.status,
    },
    // the table shows its own spinner
    silent: true,
  });
  return { ...page, items: page.items.map((x, i) => ({ ...x, id: (page.page - 1) * page.size + i + 1 })) };
}

export function searchPatientsQueryOptions(p: SearchPatientsParams) {
  return queryOptions({
    queryKey: [PATIENTS_AREA, { endpoint: 'search', ...p }],
    queryFn: () => searchPatients(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSearchPatients(p: SearchPatientsParams) {
  return useQuery({ ...searchPatientsQueryOptions(p), enabled: p.branch !== '' });
}
