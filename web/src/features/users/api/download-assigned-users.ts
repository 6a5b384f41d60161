import { useMutation } from '@tanstack/react-query';
import { apiDownload, type DownloadedFile } from '@/lib/api-client';

export type AssignedUsersParams = { branchCode: string; roleCode: string };

/** GET /download/assigned-users-excel?branchCode&roleCode — the role's holders (null: 204). */
export function downloadAssignedUsers(p: AssignedUsersParams): Promise<DownloadedFile | null> {
  return apiDownload('/download/assigned-users-excel', 'user_permission_report_by_role.xlsx', {
    query: { branchCode: p.branchCode, roleCode: p.roleCode },
  });
}

export function useDownloadAssignedUsers() {
  return useMutation({ mutationFn: downloadAssignedUsers });
}
