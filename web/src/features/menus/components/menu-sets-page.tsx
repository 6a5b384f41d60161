import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList, pagedListSpec, sortOrder } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { TypeToDeleteModal } from '@/components/type-to-delete-modal';
import { isApiError } from '@/lib/api-client';
import { oneOfParam, useListState } from '@/lib/use-list-state';
import { useDeleteMenuSet } from '@/features/menus/api/delete-menu-set';
import { useSearchMenuSets } from '@/features/menus/api/search-menu-sets';
import { useUpdateMenuSet } from '@/features/menus/api/update-menu-set';
import { MenuSetFormDrawer, menuSetInput } from '@/features/menus/components/menu-set-form-drawer';
import {
  IddsiTag, IngredientChips, RefSelect, StatusFilter, StatusSwitch, UpdatedCell, idParam, useBranch,
} from '@/features/menus/components/parts';
import { NS } from '@/features/menus/i18n';
import { localName, type MenuSet, type SetMenu } from '@/features/menus/types';

const SORTABLE = ['code', 'nameTh', 'nameEn', 'price', 'status', 'updatedAt'] as const;

/** `?q=&status=&diet=&therapeutic=&page=&size=&sort=` */
const SPEC = pagedListSpec(SORTABLE, {
  status: oneOfParam(['ALL', 'ACTIVE', 'INACTIVE'] as const, 'ALL'),
  diet: idParam(),
  therapeutic: idParam(),
});

/** A set's dishes grouped by their component (main dish, soup, dessert…), in the set's order. */
export function byComponent(menus: SetMenu[], lang: string): { component: string; menus: SetMenu[] }[] {
  const groups = new Map<number, { component: string; menus: SetMenu[] }>();
  for (const m of menus) {
    const g = groups.get(m.mealComponentId) ?? {
      component: localName({ nameTh: m.mealComponentNameTh, nameEn: m.mealComponentNameEn }, lang),
      menus: [],
    };
    g.menus.push(m);
    groups.set(m.mealComponentId, g);
  }
  return [...groups.values()];
}

/** The dishes of a set, one line per component. */
export function SetDishes({ menus }: { menus: SetMenu[] }) {
  const { i18n } = useTranslation(NS);
  return (
    <div data-testid="set-dishes" style={{ lineHeight: 1.6 }}>
      {byComponent(menus, i18n.language).map((g) => (
        <div key={g.component}>
          <Typography.Text type="secondary">{g.component}: </Typography.Text>
          {g.menus.map((m) => localName(m, i18n.language)).join(', ')}
        </div>
      ))}
    </div>
  );
}

/** Menu sets (`/auth/menu-set`, Nutritionist): their dishes per component and what they derive. */
export default function MenuSetsPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification, modal } = App.useApp();
  const { branchCode, timeZone } = useBranch();
  const [state, setState] = useListState(SPEC);
  const [editing, setEditing] = useState<MenuSet | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MenuSet | null>(null);
  const list = useSearchMenuSets({
    criteria: state.q,
    page: state.page,
    size: state.size,
    sortBy: state.sort.field,
    sortDesc: state.sort.desc,
    status: state.status === 'ALL' ? undefined : state.status,
    dietTypeId: state.diet || undefined,
    therapeuticId: state.therapeutic || undefined,
  });
  const update = useUpdateMenuSet();
  const del = useDeleteMenuSet();

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
  const ref = (code: string | null, th: string | null, en: string | null) =>
    code ? localName({ nameTh: th, nameEn: en }, lang) : <Typography.Text type="secondary">{t('notSet')}</Typography.Text>;

  const columns: TableProps<MenuSet>['columns'] = [
    { ...sorted('code'), dataIndex: 'code', width: 100, fixed: 'left' },
    { ...sorted(lang === 'en' ? 'nameEn' : 'nameTh'), title: t('fields.name'), render: (_, r) => localName(r, lang) },
    { key: 'dishes', title: t('fields.dishes'), render: (_, r) => <SetDishes menus={r.menus} /> },
    {
      key: 'for',
      title: t('fields.setFor'),
      render: (_, r) => (
        <div style={{ lineHeight: 1.5 }}>
          <div>{ref(r.trayCategoryCode, r.trayCategoryNameTh, r.trayCategoryNameEn)}</div>
          <div>{ref(r.dietTypeCode, r.dietTypeNameTh, r.dietTypeNameEn)}</div>
          <div>{ref(r.therapeuticCode, r.therapeuticNameTh, r.therapeuticNameEn)}</div>
        </div>
      ),
    },
    {
      key: 'allergens',
      title: t('fields.allergens'),
      render: (_, r) => (
        <Space direction="vertical" size={4}>
          <IngredientChips allergens={r.allergens} restricted={r.restricted} />
          <Space size={[4, 4]} wrap>
            {r.textures.map((x) => (
              <IddsiTag key={`${x.iddsiType}${x.iddsiLevel}`} type={x.iddsiType} level={x.iddsiLevel} />
            ))}
          </Space>
        </Space>
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
          onSave={(status) => update.mutateAsync({ branchCode, set: { ...menuSetInput(r), status } })}
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
    <ScreenFrame title={t('screens.menuSet')} subtitle={t('screens.menuSetHint')} testId="menu-sets-screen">
      <PagedList<MenuSet>
        state={state}
        onChange={setState}
        search={{ placeholder: t('menuSet.search'), testId: 'list-search' }}
        filters={
          <>
            <StatusFilter value={state.status} onChange={(v) => setState({ status: v })} />
            <RefSelect
              kind="DietType"
              branchCode={branchCode}
              value={state.diet || null}
              onChange={(v) => setState({ diet: (v as number | null) ?? 0 })}
              placeholder={t('fields.dietTypeId')}
              testId="filter-diet"
              width={200}
            />
            <RefSelect
              kind="Therapeutic"
              branchCode={branchCode}
              value={state.therapeutic || null}
              onChange={(v) => setState({ therapeutic: (v as number | null) ?? 0 })}
              placeholder={t('fields.therapeuticId')}
              testId="filter-therapeutic"
              width={200}
            />
          </>
        }
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="list-add">
            {t('action.add')}
          </Button>
        }
        columns={columns}
        list={list}
        testId="menu-sets-table"
        onRow={(r) => (r.status === 'ACTIVE' ? {} : { style: { color: '#8c8c8c' } })}
      />
      <MenuSetFormDrawer branchCode={branchCode} editing={editing} onClose={() => setEditing(null)} />
      <TypeToDeleteModal
        open={deleting !== null}
        title={t('deleteConfirm.title', { name: deleting ? localName(deleting, lang) : '' })}
        description={t('deleteConfirm.menuSet')}
        pending={del.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </ScreenFrame>
  );
}

