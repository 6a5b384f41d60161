import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenuChoices } from '@/features/menus/api/search-menus';
import { useUpdateMenuSet, type MenuSetInput } from '@/features/menus/api/update-menu-set';
import { ForFields, ItemDrawer } from '@/features/menus/components/form-parts';
import { IngredientChips } from '@/features/menus/components/parts';
import { NS } from '@/features/menus/i18n';
import { localName, type Menu, type MenuSet, type Ref } from '@/features/menus/types';

/** The updateMenuSet body of a stored set. */
export function menuSetInput(s: MenuSet): MenuSetInput {
  return {
    id: s.id,
    code: s.code,
    nameTh: s.nameTh,
    nameEn: s.nameEn,
    trayCategoryId: s.trayCategoryId,
    dietTypeId: s.dietTypeId,
    therapeuticId: s.therapeuticId,
    price: s.price,
    remark: s.remark,
    status: s.status,
    menuIds: s.menus.map((m) => m.id),
  };
}

const FIELDS = ['code', 'nameTh', 'nameEn', 'trayCategoryId', 'dietTypeId', 'therapeuticId', 'price', 'remark', 'menuIds'];

/** The union of the chosen dishes' allergens and restricted ingredients (what the server derives). */
function unionOf(menus: Menu[], pick: (m: Menu) => Ref[]): Ref[] {
  const seen = new Map<number, Ref>();
  for (const m of menus) for (const r of pick(m)) seen.set(r.id, r);
  return [...seen.values()];
}

type Props = { branchCode: string; editing: MenuSet | 'new' | null; onClose: () => void };

const valuesOf = (s: MenuSet | null): Partial<MenuSetInput> =>
  s ? menuSetInput(s) : { price: 0, remark: '', menuIds: [], trayCategoryId: null, dietTypeId: null, therapeuticId: null };

/** The set form (drawer): names, what it is for, its dishes; shows the allergens they bring. */
export function MenuSetFormDrawer({ branchCode, editing, onClose }: Props) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const [form] = Form.useForm<MenuSetInput>();
  const save = useUpdateMenuSet();
  const menus = useMenuChoices(editing !== null);
  const menuIds = Form.useWatch('menuIds', form) as number[] | undefined;
  const chosen = (menus.data?.items ?? []).filter((m) => (menuIds ?? []).includes(m.id));

  const chosenIds = new Set(menuIds ?? []);
  const menuOptions = (menus.data?.items ?? []).map((m) => ({
    value: m.id,
    label: `${m.code} · ${localName(m, lang)} (${localName({ nameTh: m.mealComponentNameTh, nameEn: m.mealComponentNameEn }, lang)})`,
    disabled: m.status !== 'ACTIVE' && !chosenIds.has(m.id),
  }));

  return (
    <ItemDrawer<MenuSetInput, MenuSet>
      editing={editing}
      valuesOf={valuesOf}
      titles={['menuSet.editTitle', 'menuSet.addTitle']}
      width={600}
      testId="menu-set-drawer"
      name="menuSet"
      form={form}
      onSave={(values, rec) =>
        save.mutateAsync({
          branchCode,
          set: {
            ...values,
            id: rec?.id,
            status: rec?.status,
            trayCategoryId: values.trayCategoryId ?? null,
            dietTypeId: values.dietTypeId ?? null,
            therapeuticId: values.therapeuticId ?? null,
            menuIds: values.menuIds ?? [],
          },
        })
      }
      saving={save.isPending}
      fields={FIELDS}
      onClose={onClose}
    >
      <ForFields branchCode={branchCode} testIdPrefix="field" />
      <Form.Item
        name="menuIds"
        label={t('fields.menuIds')}
        rules={[{ required: true, type: 'array', min: 1, message: t('menuSet.chooseDishes') }]}
      >
        <Select
          mode="multiple"
          options={menuOptions}
          loading={menus.isLoading}
          showSearch
          optionFilterProp="label"
          placeholder={t('menuSet.chooseDishes')}
          data-testid="field-menuIds"
        />
      </Form.Item>
      <Form.Item label={t('menu.derived')} extra={t('menuSet.derivedHint')}>
        <div data-testid="derived-chips">
          <IngredientChips allergens={unionOf(chosen, (m) => m.allergens)} restricted={unionOf(chosen, (m) => m.restricted)} />
        </div>
      </Form.Item>
    </ItemDrawer>
  );
}
