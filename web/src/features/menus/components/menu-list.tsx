// The list screen the three menus screens share (dishes, sets, rounds): the shared paged
// list with the status filter and the add button, the code, name, status, last-updated and
// edit/delete columns around the screen's own, the form drawer and the type-ลบ deletion.
// The status comes right after the name, and each screen puts its safety columns (allergens,
// IDDSI) first: at 1280 px they are in view, never under the fixed actions column; what does
// not fit (price, last updated) is reached by scrolling sideways (QA 2026-11-26 #10).
import { App, Button, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '@/components/icons';
import { MUTED_TEXT } from '@/components/antd-provider';
import { PagedList, RowActions, sortOrder } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { StatusSwitch } from '@/components/status-switch';
import { TypeToDeleteModal } from '@/components/type-to-delete-modal';
import { isApiError, type Page } from '@/lib/api-client';
import type { ListSort } from '@/lib/use-list-state';
import type { ListParams } from '@/features/menus/api/keys';
import { MenuDataActions } from '@/features/menus/components/menu-data-actions';
import { StatusFilter, UpdatedCell, useBranch } from '@/features/menus/components/parts';
import { NS } from '@/features/menus/i18n';
import { localName, type Status } from '@/features/menus/types';

/** What every menus row has: a code, its names, a status and when it last changed. */
type Row = { id: number; code: string; nameTh: string; nameEn: string; status: Status; updatedAt: string; updatedBy: string };

/** The list's state in the address (pagedListSpec with a status filter) and its setter. */
type State = { q: string; page: number; size: number; sort: ListSort; status: 'ALL' | Status };
type Change = { q: string } | { page: number } | { size: number } | { sort: ListSort } | { status: 'ALL' | Status };

/** The search, page, sort and status of a list's state, as the list's search call takes them. */
export function listParams(s: State): ListParams {
  return { criteria: s.q, page: s.page, size: s.size, sortBy: s.sort.field, sortDesc: s.sort.desc, status: s.status === 'ALL' ? undefined : s.status };
}

/** A column the server sorts by (one of `K`), titled by its field name: `sorted('price')`. */
export function sortedColumn<K extends string>(sort: ListSort, t: TFunction) {
  return (key: K) => ({ key, sorter: true, sortOrder: sortOrder(sort, key), title: t(`fields.${key}`) });
}

type Props<T extends Row> = {
  title: string;
  subtitle: string;
  /** `menus` → the screen `menus-screen`, the table `menus-table`. */
  testId: string;
  state: State;
  onChange: (change: Change) => void;
  search: string;
  /** The screen's filters after the status filter. */
  filters?: ReactNode;
  /** The Excel import and export of the screen's data, where it has them. */
  dataType?: 'Menu' | 'CycleMenu';
  list: { data?: Page<T>; isFetching: boolean };
  codeWidth?: number;
  /** The screen's own columns, after the name and the status, the most important first. */
  columns: TableColumnsType<T>;
  onStatus: (row: T, status: Status) => Promise<unknown>;
  /** The delete mutation of the screen's rows. */
  del: { mutateAsync: (v: { branchCode: string; id: number }) => Promise<unknown>; isPending: boolean };
  deleteDescription: string;
  /** Row actions before edit and delete, and the actions column's width with them. */
  rowActions?: (row: T) => ReactNode;
  actionsWidth?: number;
  /** The screen's form drawer, open on a row or on 'new'. */
  drawer: (editing: T | 'new' | null, onClose: () => void) => ReactNode;
};

/** A menus list screen (see the file's comment); the screen gives its query, columns, filters and form. */
export function MenuList<T extends Row>({
  title, subtitle, testId, state, onChange, search, filters, dataType, list, codeWidth = 100, columns, onStatus,
  del, deleteDescription, rowActions, actionsWidth = 100, drawer,
}: Props<T>) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification, modal } = App.useApp();
  const { branchCode, timeZone } = useBranch();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const sorted = sortedColumn<'code' | 'nameTh' | 'nameEn' | 'status' | 'updatedAt'>(state.sort, t);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await del.mutateAsync({ branchCode, id: deleting.id });
      notification.success({ message: t('toast.deleted') });
    } catch (e) {
      if (isApiError(e) && !e.handled) modal.error({ title: t('deleteConfirm.failedTitle'), content: e.message });
    }
    setDeleting(null);
  }

  const all: TableColumnsType<T> = [
    { ...sorted('code'), dataIndex: 'code', width: codeWidth, fixed: 'left' },
    { ...sorted(lang === 'en' ? 'nameEn' : 'nameTh'), title: t('fields.name'), width: 200, render: (_, r) => localName(r, lang) },
    {
      ...sorted('status'),
      width: 120,
      render: (_, r) => <StatusSwitch status={r.status} name={localName(r, lang)} onSave={(status) => onStatus(r, status)} />,
    },
    ...columns,
    { ...sorted('updatedAt'), width: 170, render: (_, r) => <UpdatedCell at={r.updatedAt} by={r.updatedBy} timeZone={timeZone} /> },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: actionsWidth,
      fixed: 'right',
      render: (_, r) => (
        <RowActions onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)}>
          {rowActions?.(r)}
        </RowActions>
      ),
    },
  ];

  return (
    <ScreenFrame title={title} subtitle={subtitle} testId={`${testId}-screen`}>
      <PagedList<T>
        state={state}
        onChange={onChange}
        search={{ placeholder: search, testId: 'list-search' }}
        filters={
          <>
            <StatusFilter value={state.status} onChange={(v) => onChange({ status: v })} />
            {filters}
          </>
        }
        actions={
          <>
            {dataType && <MenuDataActions type={dataType} branchCode={branchCode} />}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="list-add">
              {t('action.add')}
            </Button>
          </>
        }
        columns={all}
        list={list}
        testId={`${testId}-table`}
        onRow={(r) => (r.status === 'ACTIVE' ? {} : { style: { color: MUTED_TEXT } })}
      />
      {drawer(editing, () => setEditing(null))}
      <TypeToDeleteModal
        open={deleting !== null}
        title={t('deleteConfirm.title', { name: deleting ? localName(deleting, lang) : '' })}
        description={deleteDescription}
        pending={del.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </ScreenFrame>
  );
}
