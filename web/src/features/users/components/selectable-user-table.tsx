import { Button, Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sortFrom, type Sort } from '@/features/users/table-sort';

/** The search box of a users list: shows the search in effect, gives the trimmed text on Enter. */
export function UserSearch({
  width, value, onSearch, testId,
}: { width: number; value: string; onSearch: (criteria: string) => void; testId: string }) {
  const { t } = useTranslation('users');
  // what is typed, until Enter; follows the search in effect (reload, Back)
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  return (
    <Input.Search
      allowClear
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      placeholder={t('common.search')}
      aria-label={t('common.search')}
      style={{ width, maxWidth: '100%' }}
      onSearch={(v) => onSearch(v.trim())}
      data-testid={testId}
    />
  );
}

/** Shown while rows are ticked: their count, the bulk action(s), and a way to untick them all. */
export function SelectionBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  const { t } = useTranslation('users');
  if (count === 0) return null;
  return (
    <Space data-testid="selection-bar">
      <Typography.Text>{t('accounts.selected', { count })}</Typography.Text>
      {children}
      <Button type="link" onClick={onClear}>
        {t('accounts.clearSelection')}
      </Button>
    </Space>
  );
}

export const PAGE_SIZES = [10, 20, 50, 100];

/**
 * The page, page size and sort of a users list (kept in the address by the screen), which its
 * query reads and its table changes, one of them per action.
 */
export type TablePaging = {
  page: number;
  size: number;
  sort: Sort;
  onChange: (change: { page: number } | { size: number } | { sort: Sort }) => void;
};

type TableProps<T extends { id: number }> = {
  columns: TableColumnsType<T>;
  rows: T[];
  total: number;
  loading: boolean;
  selected: T[];
  onSelect: (rows: T[]) => void;
  paging: TablePaging;
  testId: string;
};

/** A users list: ticked rows kept across pages, one server-side sort column, pages of 10 to 100. */
export function SelectableUserTable<T extends { id: number }>({
  columns, rows, total, loading, selected, onSelect, paging, testId,
}: TableProps<T>) {
  const { t } = useTranslation('users');
  const { page, size, sort, onChange } = paging;
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 900 }}
      rowSelection={{
        selectedRowKeys: selected.map((a) => a.id),
        onChange: (_keys, picked) => onSelect(picked.filter(Boolean)),
        preserveSelectedRowKeys: true,
      }}
      onChange={(p, _f, s) => {
        const next = sortFrom(s);
        // a new sort or page size starts again at the first page (the screen's list state)
        if (next.field !== sort.field || (next.field && next.desc !== sort.desc)) onChange({ sort: next });
        else if (p.pageSize && p.pageSize !== size) onChange({ size: p.pageSize });
        else onChange({ page: p.current ?? 1 });
      }}
      pagination={{
        current: page,
        pageSize: size,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (all, [from, to]) => t('common.total', { from, to, total: all }),
      }}
      data-testid={testId}
    />
  );
}
