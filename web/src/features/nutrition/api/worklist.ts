import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost, type FileLink } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { nutritionKey, type PatientDay } from '@/lib/api/get-nutrition-days';

/** Why a patient is on the worklist: its code and, in the interface language, its figures. */
export type WorkReason = { code: 'LOW_INTAKE' | 'REFUSED' | 'NPO_48H'; message: string };

export type Seen = { reasons: string[]; note: string; seenBy: string; seenAt: string };

/** A patient of the Nutritionist's worklist (GET /nutrition/worklist). */
export type WorkItem = Pick<
  PatientDay,
  'hnId' | 'firstNameTh' | 'lastNameTh' | 'firstNameEn' | 'lastNameEn' | 'wardCode' | 'wardNameTh' | 'wardNameEn' | 'roomCode'
> & {
  reasons: WorkReason[];
  lastSeen: Seen | null;
};

/** GET /nutrition/worklist — the branch's patients who are not eating, as of today; one ward (0: every ward). */
export function useWorklist(branchCode: string, lang: string, ward = 0) {
  return useQuery({
    queryKey: [...nutritionKey, 'worklist', { branchCode, lang, ward }],
    queryFn: () =>
      apiGet<{ dateOrder: string; items: WorkItem[] }>('/nutrition/worklist', { query: { branchCode, ward: ward || undefined }, silent: true }),
    enabled: branchCode !== '',
  });
}

/** POST /nutrition/worklistSeen — the Nutritionist saw the patient, with a note. */
export function useMarkSeen() {
  const qc = useQueryClient();
  return useScreenMutation({
    mutationFn: (v: { branchCode: string; hnId: string; note: string }) => apiPost<Seen>('/nutrition/worklistSeen', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...nutritionKey, 'worklist'] }),
  });
}

/** GET /download/nutritionWorklist — the worklist (of one ward: 0 every ward) as .xlsx (null: 204, nobody listed). */
export function useDownloadWorklist() {
  return useMutation({
    mutationFn: ({ branchCode, ward }: { branchCode: string; ward: number }): Promise<FileLink | null> =>
      apiDownload('/download/nutritionWorklist', { query: { branchCode, ward: ward || undefined } }),
  });
}
