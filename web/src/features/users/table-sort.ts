import type { SorterResult } from 'antd/es/table/interface';

export type Sort = { field?: string; desc?: boolean };

/** Ant Design's table sorter → our sort (one column; none when cleared). */
export function sortFrom<T>(s: SorterResult<T> | SorterResult<T>[]): Sort {
  const one = Array.isArray(s) ? s[0] : s;
  if (!one?.order || !one.columnKey) return {};
  return { field: String(one.columnKey), desc: one.order === 'descend' };
}

/** The column's sortOrder for a controlled table. */
export function orderOf(sort: Sort, key: string): 'ascend' | 'descend' | null {
  return sort.field === key ? (sort.desc ? 'descend' : 'ascend') : null;
}

/** searchUserAccess takes `field` or `field,desc`. */
export function accessSortParam(sort: Sort): string | undefined {
  if (!sort.field) return undefined;
  return sort.desc ? `${sort.field},desc` : sort.field;
}
