import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { pagedListSpec } from '@/components/paged-table';
import { oneOfParam, useListState } from '@/lib/use-list-state';
import { useDeleteMenu } from '@/features/menus/api/delete-menu';
import { useSearchMenus } from '@/features/menus/api/search-menus';
import { useUpdateMenu } from '@/features/menus/api/update-menu';
import { MenuFormDrawer, menuInput } from '@/features/menus/components/menu-form-drawer';
import { MenuList, listParams, sortedColumn } from '@/features/menus/components/menu-list';
import { IddsiTag, IngredientChips, RefFilters, formatPrice, idParam, useBranch } from '@/features/menus/components/parts';
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
  const { branchCode } = useBranch();
  const [state, setState] = useListState(SPEC);
  const list = useSearchMenus({
    ...listParams(state),
    cuisineTypeId: state.cuisine || undefined,
    mealComponentId: state.component || undefined,
  });
  const update = useUpdateMenu();
  const del = useDeleteMenu();
  const sorted = sortedColumn<(typeof SORTABLE)[number]>(state.sort, t);

  // the safety facts first (allergens, texture), then the kitchen's (menu-list.tsx)
  const columns: TableColumnsType<Menu> = [
    {
      key: 'allergens',
      title: t('fields.allergens'),
      width: 170,
      render: (_, r) => (
        <div data-testid="row-allergens">
          <IngredientChips allergens={r.allergens} restricted={r.restricted} />
        </div>
      ),
    },
    { ...sorted('iddsiLevel'), width: 190, render: (_, r) => <IddsiTag type={r.iddsiType} level={r.iddsiLevel} /> },
    { ...sorted('cuisineTypeCode'), render: (_, r) => localName({ nameTh: r.cuisineTypeNameTh, nameEn: r.cuisineTypeNameEn }, lang) },
    { ...sorted('mealComponentCode'), render: (_, r) => localName({ nameTh: r.mealComponentNameTh, nameEn: r.mealComponentNameEn }, lang) },
    { ...sorted('price'), dataIndex: 'price', align: 'right', render: (v: number) => formatPrice(v, lang) },
  ];

  return (
    <MenuList<Menu>
      title={t('screens.menu')}
      subtitle={t('screens.menuHint')}
      testId="menus"
      state={state}
      onChange={setState}
      search={t('menu.search')}
      filters={
        <RefFilters
          state={state}
          onChange={setState}
          filters={[
            { param: 'cuisine', kind: 'CuisineType', placeholder: t('fields.cuisineTypeCode'), testId: 'filter-cuisine' },
            { param: 'component', kind: 'MealComponent', placeholder: t('fields.mealComponentCode'), testId: 'filter-component' },
          ]}
        />
      }
      dataType="Menu"
      list={list}
      columns={columns}
      onStatus={(r, status) => update.mutateAsync({ branchCode, menu: { ...menuInput(r), status } })}
      del={del}
      deleteDescription={t('deleteConfirm.menu')}
      drawer={(editing, onClose) => <MenuFormDrawer branchCode={branchCode} editing={editing} onClose={onClose} />}
    />
  );
}
