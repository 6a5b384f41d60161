import { useMutation } from '@tanstack/react-query';
import { apiDownload, type FileLink } from '@/lib/api-client';

export type AssignedUsersParams = { branchCode: string; roleCode: string };

/** GET /download/assigned-users-excel?branchCode&roleCode — the role's holders (null: 204). */
export function downloadAssignedUsers(p: AssignedUsersParams): Promise<FileLink | null> {
  return apiDownload('/download/assigned-users-excel', {
    query: { branchCode: p.branchCode, roleCode: p.roleCode },
  });
}

export function useDownloadAssignedUsers() {
  return useMutation({ mutationFn: downloadAssignedUsers });
}
