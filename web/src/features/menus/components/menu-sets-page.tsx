import { Space, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { pagedListSpec } from '@/components/paged-table';
import { oneOfParam, useListState } from '@/lib/use-list-state';
import { useDeleteMenuSet } from '@/features/menus/api/delete-menu-set';
import { useSearchMenuSets } from '@/features/menus/api/search-menu-sets';
import { useUpdateMenuSet } from '@/features/menus/api/update-menu-set';
import { MenuSetFormDrawer, menuSetInput } from '@/features/menus/components/menu-set-form-drawer';
import { MenuList, listParams, sortedColumn } from '@/features/menus/components/menu-list';
import { IddsiTag, IngredientChips, RefFilters, formatPrice, idParam, useBranch } from '@/features/menus/components/parts';
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
  const { branchCode } = useBranch();
  const [state, setState] = useListState(SPEC);
  const list = useSearchMenuSets({
    ...listParams(state),
    dietTypeId: state.diet || undefined,
    therapeuticId: state.therapeutic || undefined,
  });
  const update = useUpdateMenuSet();
  const del = useDeleteMenuSet();
  const sorted = sortedColumn<(typeof SORTABLE)[number]>(state.sort, t);
  const ref = (code: string | null, th: string | null, en: string | null) =>
    code ? localName({ nameTh: th, nameEn: en }, lang) : <Typography.Text type="secondary">{t('notSet')}</Typography.Text>;

  // the safety facts first (allergens, textures), then the set's dishes (menu-list.tsx)
  const columns: TableColumnsType<MenuSet> = [
    {
      key: 'allergens',
      title: t('fields.allergens'),
      width: 200,
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
    { ...sorted('price'), dataIndex: 'price', align: 'right', render: (v: number) => formatPrice(v, lang) },
  ];

  return (
    <MenuList<MenuSet>
      title={t('screens.menuSet')}
      subtitle={t('screens.menuSetHint')}
      testId="menu-sets"
      state={state}
      onChange={setState}
      search={t('menuSet.search')}
      filters={
        <RefFilters
          state={state}
          onChange={setState}
          filters={[
            { param: 'diet', kind: 'DietType', placeholder: t('fields.dietTypeId'), testId: 'filter-diet' },
            { param: 'therapeutic', kind: 'Therapeutic', placeholder: t('fields.therapeuticId'), testId: 'filter-therapeutic' },
          ]}
        />
      }
      list={list}
      columns={columns}
      onStatus={(r, status) => update.mutateAsync({ branchCode, set: { ...menuSetInput(r), status } })}
      del={del}
      deleteDescription={t('deleteConfirm.menuSet')}
      drawer={(editing, onClose) => <MenuSetFormDrawer branchCode={branchCode} editing={editing} onClose={onClose} />}
    />
  );
}
