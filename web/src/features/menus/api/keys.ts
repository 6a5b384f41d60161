// The area's query key: every query of this feature starts with it, so every write reloads
// the dishes, sets, rounds and contents it may change (a dish renamed shows in a round).
export const MENUS_AREA = 'menus' as const;
export const menusKey = [MENUS_AREA] as const;

/** The paging, search, status and sort every list of the area takes (page from 1). */
export type ListParams = {
  criteria?: string;
  page: number;
  size: number;
  sortBy?: string;
  sortDesc?: boolean;
  status?: 'ACTIVE' | 'INACTIVE';
};

export function listQuery(p: ListParams): Record<string, string | number | boolean | undefined> {
  return {
    criteria: p.criteria || undefined,
    page: p.page,
    size: p.size,
    sortBy: p.sortBy,
    sortDesc: p.sortBy ? p.sortDesc === true : undefined,
    status: p.status,
  };
}
