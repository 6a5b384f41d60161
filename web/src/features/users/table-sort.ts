import type { ListSort } from '@/lib/use-list-state';

/** searchUserAccess takes `field` or `field,desc`. */
export function accessSortParam(sort: ListSort): string | undefined {
  if (!sort.field) return undefined;
  return sort.desc ? `${sort.field},desc` : sort.field;
}
