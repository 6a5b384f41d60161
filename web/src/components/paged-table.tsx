// The one server-paged list: its state in the address (lib/use-list-state), the sort and page
// rules, the search box, the selection bar, the table and a row's edit and delete buttons.
// Every list screen uses it (master data, users, patients, orders, serve, menus, logs, surveys).
import { Button, Input, Space, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, EditOutlined } from '@/components/icons';
import { Table } from '@/components/table';
import { useSearchBoxParts } from '@/components/search-box-parts';
import { NS } from '@/components/texts';
import type { Page } from '@/lib/api-client';
import { pageParam, sizeParam, sortParam, textParam, type ListSort, type ListSpec } from '@/lib/use-list-state';

export const PAGE_SIZES = [10, 20, 50, 100];

/** The app header's height: a table's header sticks under it. */
const HEADER_HEIGHT = 64;

/**
 * A paged list's address parameters: `q` (the search), the screen's filters, `page` (from
 * 1), `size` (20 by default) and `sort` over the columns the server sorts by.
 */
export function pagedListSpec<F extends ListSpec>(sortable: readonly string[], filters: F) {
  return { q: textParam(), ...filters, page: pageParam(), size: sizeParam(PAGE_SIZES, 20), sort: sortParam(sortable) };
}

/** Ant Design's table sorter → our sort (one column; none when cleared). */
export function sortFrom<T>(s: SorterResult<T> | SorterResult<T>[]): ListSort {
  const one = Array.isArray(s) ? s[0] : s;
  if (!one?.order || !one.columnKey) return {};
  return { field: String(one.columnKey), desc: one.order === 'descend' };
}

/** A column's `sortOrder` in a table whose sort is kept in the address. */
export function sortOrder(sort: ListSort, key: string): SortOrder {
  return sort.field === key ? (sort.desc ? 'descend' : 'ascend') : null;
}

/** The search box of a list: shows the search in effect, gives the trimmed text on Enter. */
function ListSearch({
  value, onSearch, placeholder, width = 260, testId,
}: { value: string; onSearch: (q: string) => void; placeholder: string; width?: number; testId: string }) {
  // what is typed, until Enter; follows the search in effect (reload, Back)
  const [typed, setTyped] = useState(value);
  const searchParts = useSearchBoxParts();
  useEffect(() => setTyped(value), [value]);
  return (
    <Input.Search
      {...searchParts}
      value={typed}
      onChange={(e) => {
        setTyped(e.target.value);
        // emptied (typed away or cleared): the whole list again
        if (e.target.value === '' && value !== '') onSearch('');
      }}
      onSearch={(v) => onSearch(v.trim())}
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width, maxWidth: '100%' }}
      data-testid={testId}
    />
  );
}

/** Shown while rows are ticked: their count, the screen's bulk action(s), and a way to untick them all. */
function SelectionBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  const { t } = useTranslation(NS);
  if (count === 0) return null;
  return (
    <Space data-testid="selection-bar">
      <Typography.Text>{t('list.selected', { count })}</Typography.Text>
      {children}
      <Button type="link" onClick={onClear}>
        {t('list.clearSelection')}
      </Button>
    </Space>
  );
}

/** The page, page size and sort of a list (kept in the address by the screen), one change per action. */
type Paging = {
  page: number;
  size: number;
  sort: ListSort;
  onChange: (change: { page: number } | { size: number } | { sort: ListSort }) => void;
};

type TableOptions<T extends { id: number }> = {
  columns: TableColumnsType<T>;
  /** The list's query: its page of rows, and whether a page is being read (the spinner). */
  list: { data?: Page<T>; isFetching: boolean };
  /** Ticked rows, kept across pages; `rowLabel` says which row a box ticks (its HN and name, a person's name), read with it by a screen reader. */
  selection?: { selected: T[]; onSelect: (rows: T[]) => void; rowLabel: (row: T) => string };
  /** The table's width: its content's (scrolling sideways when wider than the screen), or with false the screen's (cells wrap). */
  scrollX?: number | 'max-content' | false;
  onRow?: TableProps<T>['onRow'];
  /** The table's test id. */
  testId?: string;
};

type Props<T extends { id: number }> = TableOptions<T> & { paging: Paging };

/**
 * A page of a server-side list: one sort column (a new sort or page size starts again at
 * page 1), pages of 10 to 100, the header kept in view under the app's header, and when a
 * later page is left empty (its last rows deleted, here or elsewhere) a step back to the last
 * page with rows.
 */
function PagedTable<T extends { id: number }>({
  columns, list, paging, selection, scrollX = 'max-content', onRow, testId,
}: Props<T>) {
  const { t } = useTranslation(NS);
  const { page, size, sort, onChange } = paging;
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const loading = list.isFetching;

  // only an answer counts: before the first one (a query not yet enabled) there is no page to leave
  const emptyPage = list.data !== undefined && !loading && rows.length === 0 && page > 1;
  useEffect(() => {
    if (emptyPage) onChange({ page: Math.max(1, Math.min(page - 1, Math.ceil(total / size))) });
  }, [emptyPage, total, size, page, onChange]);

  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={scrollX === false ? undefined : { x: scrollX }}
      sticky={{ offsetHeader: HEADER_HEIGHT }}
      onRow={onRow}
      rowSelection={
        selection && {
          selectedRowKeys: selection.selected.map((r) => r.id),
          onChange: (_keys, picked) => selection.onSelect(picked.filter(Boolean)),
          preserveSelectedRowKeys: true,
          // antd's checkbox props omit aria-*, which it passes to the box all the same
          getCheckboxProps: (r) => ({ 'aria-label': t('list.selectRow', { row: selection.rowLabel(r) }) }) as never,
        }
      }
      onChange={(p, _filters, sorter) => {
        const next = sortFrom(sorter);
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
        showTotal: (all, [from, to]) => t('list.total', { from, to, total: all }),
      }}
      data-testid={testId}
    />
  );
}

/** What a paged list keeps in the address (pagedListSpec) and its one setter (useListState). */
type ListState = { q: string; page: number; size: number; sort: ListSort };
type ListChange = { q: string } | { page: number } | { size: number } | { sort: ListSort };

type ListProps<T extends { id: number }> = TableOptions<T> & {
  state: ListState;
  onChange: (change: ListChange) => void;
  /** The search box (a list the server cannot search has none). */
  search?: { placeholder: string; testId: string; width?: number };
  /** The screen's filters, beside the search box (each writes its own address parameter). */
  filters?: ReactNode;
  /** The screen's actions (import, export, add…), at the right of the toolbar. */
  actions?: ReactNode;
  /** The bulk action(s) on the ticked rows, in the selection bar. */
  bulkActions?: ReactNode;
};

/**
 * A server-paged list: the toolbar (search box, the screen's filters, its actions), the
 * selection bar while rows are ticked, and the table, all reading and writing the list's
 * state in the address.
 */
export function PagedList<T extends { id: number }>({ state, onChange, search, filters, actions, bulkActions, ...table }: ListProps<T>) {
  const { selection } = table;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {(search || filters || actions) && (
        <div className="list-toolbar">
          <Space wrap style={{ maxWidth: '100%' }}>
            {search && <ListSearch value={state.q} onSearch={(q) => onChange({ q })} placeholder={search.placeholder} width={search.width} testId={search.testId} />}
            {filters}
          </Space>
          {actions && <Space wrap>{actions}</Space>}
        </div>
      )}
      {selection && (
        <SelectionBar count={selection.selected.length} onClear={() => selection.onSelect([])}>
          {bulkActions}
        </SelectionBar>
      )}
      <PagedTable<T> {...table} paging={{ page: state.page, size: state.size, sort: state.sort, onChange }} />
    </Space>
  );
}

/** A row's edit and delete buttons (`row-edit`, `row-delete`), after the screen's own (`children`). */
export function RowActions({ onEdit, onDelete, children }: { onEdit: () => void; onDelete: () => void; children?: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <Space size={0}>
      {children}
      <Tooltip title={t('list.edit')}>
        <Button type="text" icon={<EditOutlined />} aria-label={t('list.edit')} onClick={onEdit} data-testid="row-edit" />
      </Tooltip>
      <Tooltip title={t('list.delete')}>
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('list.delete')} onClick={onDelete} data-testid="row-delete" />
      </Tooltip>
    </Space>
  );
}
