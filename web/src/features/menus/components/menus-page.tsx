import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList, pagedListSpec, sortOrder } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { TypeToDeleteModal } from '@/components/type-to-delete-modal';
import { isApiError } from '@/lib/api-client';
import { oneOfParam, useListState } from '@/lib/use-list-state';
import { useDeleteMenu } from '@/features/menus/api/delete-menu';
import { useSearchMenus } from '@/features/menus/api/search-menus';
import { useUpdateMenu } from '@/features/menus/api/update-menu';
import { MenuFormDrawer, menuInput } from '@/features/menus/components/menu-form-drawer';
import {
  IddsiTag, IngredientChips, RefSelect, StatusFilter, StatusSwitch, UpdatedCell, idParam, useBranch,
} from '@/features/menus/components/parts';
import { MenuDataActions } from '@/features/menus/components/menu-data-actions';
import { NS } from '@/features/menus/i18n';
import { localName, type Menu } from '@/features/menus/types';

const SORTABLE = ['code', 'nameTh', 'nameEn', 'cuisineTypeCode', 'mealComponentCode', 'iddsiLevel', 'price', 'status', 'updatedAt'] as const;

/** `?q=&status=&cuisine=&component=&page=&size=&sort=` */
const SPEC = pagedListSpec(SORTABLE, {
  status: oneOfParam(['ALL', 'ACTIVE', 'INACTIVE'] as const, 'ALL'),
  cuisine: idParam(),
  component: idParam(),
});

/** Dishes (`/auth/menu`, Nutritionist): search, filters, sort, status, ลบ, and the dish form. */
export default function MenusPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification, modal } = App.useApp();
  const { branchCode, timeZone } = useBranch();
  const [state, setState] = useListState(SPEC);
  const [editing, setEditing] = useState<Menu | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Menu | null>(null);
  const list = useSearchMenus({
    criteria: state.q,
    page: state.page,
    size: state.size,
    sortBy: state.sort.field,
    sortDesc: state.sort.desc,
    status: state.status === 'ALL' ? undefined : state.status,
    cuisineTypeId: state.cuisine || undefined,
    mealComponentId: state.component || undefined,
  });
  const update = useUpdateMenu();
  const del = useDeleteMenu();

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

  const sorted = (key: (typeof SORTABLE)[number]) => ({ key, sorter: true, sortOrder: sortOrder(state.sort, key), title: t(`fields.${key}`) });

  const columns: TableProps<Menu>['columns'] = [
    { ...sorted('code'), dataIndex: 'code', width: 100, fixed: 'left' },
    { ...sorted(lang === 'en' ? 'nameEn' : 'nameTh'), title: t('fields.name'), render: (_, r) => localName(r, lang) },
    { ...sorted('cuisineTypeCode'), render: (_, r) => localName({ nameTh: r.cuisineTypeNameTh, nameEn: r.cuisineTypeNameEn }, lang) },
    { ...sorted('mealComponentCode'), render: (_, r) => localName({ nameTh: r.mealComponentNameTh, nameEn: r.mealComponentNameEn }, lang) },
    { ...sorted('iddsiLevel'), render: (_, r) => <IddsiTag type={r.iddsiType} level={r.iddsiLevel} /> },
    {
      key: 'allergens',
      title: t('fields.allergens'),
      render: (_, r) => (
        <div data-testid="row-allergens">
          <IngredientChips allergens={r.allergens} restricted={r.restricted} />
        </div>
      ),
    },
    { ...sorted('price'), dataIndex: 'price', align: 'right', render: (v: number) => v.toLocaleString(lang === 'en' ? 'en-US' : 'th-TH', { minimumFractionDigits: 2 }) },
    {
      ...sorted('status'),
      width: 120,
      render: (_, r) => (
        <StatusSwitch
          status={r.status}
          name={localName(r, lang)}
          onSave={(status) => update.mutateAsync({ branchCode, menu: { ...menuInput(r), status } })}
        />
      ),
    },
    { ...sorted('updatedAt'), width: 170, render: (_, r) => <UpdatedCell at={r.updatedAt} by={r.updatedBy} timeZone={timeZone} /> },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 100,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
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
    <ScreenFrame title={t('screens.menu')} subtitle={t('screens.menuHint')} testId="menus-screen">
      <PagedList<Menu>
        state={state}
        onChange={setState}
        search={{ placeholder: t('menu.search'), testId: 'list-search' }}
        filters={
          <>
            <StatusFilter value={state.status} onChange={(v) => setState({ status: v })} />
            <RefSelect
              kind="CuisineType"
              branchCode={branchCode}
              value={state.cuisine || null}
              onChange={(v) => setState({ cuisine: (v as number | null) ?? 0 })}
              placeholder={t('fields.cuisineTypeCode')}
              testId="filter-cuisine"
              width={200}
            />
            <RefSelect
              kind="MealComponent"
              branchCode={branchCode}
              value={state.component || null}
              onChange={(v) => setState({ component: (v as number | null) ?? 0 })}
              placeholder={t('fields.mealComponentCode')}
              testId="filter-component"
              width={200}
            />
          </>
        }
        actions={
          <>
            <MenuDataActions type="Menu" branchCode={branchCode} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="list-add">
              {t('action.add')}
            </Button>
          </>
        }
        columns={columns}
        list={list}
        testId="menus-table"
        onRow={(r) => (r.status === 'ACTIVE' ? {} : { style: { color: '#8c8c8c' } })}
      />
      <MenuFormDrawer branchCode={branchCode} editing={editing} onClose={() => setEditing(null)} />
      <TypeToDeleteModal
        open={deleting !== null}
        title={t('deleteConfirm.title', { name: deleting ? localName(deleting, lang) : '' })}
        description={t('deleteConfirm.menu')}
        pending={del.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </ScreenFrame>
  );
}
