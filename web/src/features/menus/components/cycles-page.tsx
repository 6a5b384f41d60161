import { DeleteOutlined, EditOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList, pagedListSpec, sortOrder } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { TypeToDeleteModal } from '@/components/type-to-delete-modal';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { oneOfParam, useListState } from '@/lib/use-list-state';
import { useDeleteCycle } from '@/features/menus/api/delete-cycle';
import { useSearchCycles } from '@/features/menus/api/search-cycles';
import { useUpdateCycle } from '@/features/menus/api/update-cycle';
import { CycleFormDrawer, cycleInput } from '@/features/menus/components/cycle-form-drawer';
import { CycleGrid } from '@/features/menus/components/cycle-grid';
import { StatusFilter, StatusSwitch, UpdatedCell, useBranch } from '@/features/menus/components/parts';
import { MenuDataActions } from '@/features/menus/components/menu-data-actions';
import { NS } from '@/features/menus/i18n';
import { localName, type Cycle } from '@/features/menus/types';

const SORTABLE = ['startDate', 'endDate', 'code', 'nameTh', 'nameEn', 'roundType', 'dayCount', 'status', 'updatedAt'] as const;

/** `?q=&status=&page=&size=&sort=` */
const SPEC = pagedListSpec(SORTABLE, { status: oneOfParam(['ALL', 'ACTIVE', 'INACTIVE'] as const, 'ALL') });

/**
 * Rotating menu rounds (`/auth/cycle-menu`, Nutritionist): the rounds, and a round as a grid
 * of days × meal types where each cell holds dishes and sets.
 */
export default function CyclesPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification, modal } = App.useApp();
  const { branchCode, timeZone } = useBranch();
  const [state, setState] = useListState(SPEC);
  const [editing, setEditing] = useState<Cycle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Cycle | null>(null);
  const [grid, setGrid] = useState<Cycle | null>(null);
  const list = useSearchCycles({
    criteria: state.q,
    page: state.page,
    size: state.size,
    sortBy: state.sort.field,
    sortDesc: state.sort.desc,
    status: state.status === 'ALL' ? undefined : state.status,
  });
  const update = useUpdateCycle();
  const del = useDeleteCycle();

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

  if (grid) {
    return (
      <ScreenFrame title={t('grid.title', { name: localName(grid, lang) })} subtitle={t('grid.hint')} testId="cycle-grid-screen">
        <CycleGrid cycle={grid} branchCode={branchCode} onBack={() => setGrid(null)} />
      </ScreenFrame>
    );
  }

  const sorted = (key: (typeof SORTABLE)[number]) => ({ key, sorter: true, sortOrder: sortOrder(state.sort, key), title: t(`fields.${key}`) });

  const columns: TableProps<Cycle>['columns'] = [
    { ...sorted('code'), dataIndex: 'code', width: 120, fixed: 'left' },
    { ...sorted(lang === 'en' ? 'nameEn' : 'nameTh'), title: t('fields.name'), render: (_, r) => localName(r, lang) },
    { ...sorted('roundType'), render: (_, r) => t(`cycle.${r.roundType}`) },
    { ...sorted('dayCount'), dataIndex: 'dayCount', width: 110 },
    { ...sorted('startDate'), render: (_, r) => formatDate(r.startDate, lang) },
    { ...sorted('endDate'), render: (_, r) => (r.endDate ? formatDate(r.endDate, lang) : t('cycle.openEnded')) },
    { key: 'items', title: t('fields.items'), dataIndex: 'items', width: 100 },
    {
      ...sorted('status'),
      width: 120,
      render: (_, r) => (
        <StatusSwitch
          status={r.status}
          name={localName(r, lang)}
          onSave={(status) => update.mutateAsync({ branchCode, cycle: { ...cycleInput(r), status } })}
        />
      ),
    },
    { ...sorted('updatedAt'), width: 170, render: (_, r) => <UpdatedCell at={r.updatedAt} by={r.updatedBy} timeZone={timeZone} /> },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 140,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Tooltip title={t('grid.open')}>
            <Button type="text" icon={<TableOutlined />} aria-label={t('grid.open')} onClick={() => setGrid(r)} data-testid="row-grid" />
          </Tooltip>
          <Tooltip title={t('action.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('action.edit')} onClick={() => setEditing(r)} data-testid="row-edit" />
          </Tooltip>
          <Tooltip title={t('action.delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('action.delete')} onClick={() => setDeleting(r)} data-testid="row-delete" />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <ScreenFrame title={t('screens.cycle')} subtitle={t('screens.cycleHint')} testId="cycles-screen">
      <PagedList<Cycle>
        state={state}
        onChange={setState}
        search={{ placeholder: t('cycle.search'), testId: 'list-search' }}
        filters={<StatusFilter value={state.status} onChange={(v) => setState({ status: v })} />}
        actions={
          <>
            <MenuDataActions type="CycleMenu" branchCode={branchCode} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="list-add">
              {t('action.add')}
            </Button>
          </>
        }
        columns={columns}
        list={list}
        testId="cycles-table"
        onRow={(r) => (r.status === 'ACTIVE' ? {} : { style: { color: '#8c8c8c' } })}
      />
      <CycleFormDrawer branchCode={branchCode} editing={editing} onClose={() => setEditing(null)} />
      <TypeToDeleteModal
        open={deleting !== null}
        title={t('deleteConfirm.title', { name: deleting ? localName(deleting, lang) : '' })}
        description={t('deleteConfirm.cycle')}
        pending={del.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </ScreenFrame>
  );
}
