import { Button, Form, InputNumber, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MinusCircleOutlined, PlusOutlined } from '@/components/icons';
import { FieldSelect } from '@/components/form-controls';
import { useMasterRows } from '@/features/menus/api/get-master-rows';
import { useUpdateMenu, type MenuInput } from '@/features/menus/api/update-menu';
import { ItemDrawer, formRules } from '@/features/menus/components/form-parts';
import { IddsiTag, IngredientChips, RefSelect } from '@/features/menus/components/parts';
import { NS } from '@/features/menus/i18n';
import { IDDSI_COLORS, iddsiLevels, iddsiNameKey } from '@/features/menus/iddsi';
import type { IddsiType, Menu, Ref } from '@/features/menus/types';

/** The nutrients a dish may state (docs/api.md), in this order. */
export const NUTRIENTS = ['energy', 'protein', 'fat', 'carbohydrate', 'sodium', 'sugar', 'fiber'] as const;

/** The updateMenu body of a stored dish (the list's row), e.g. to change its status. */
export function menuInput(m: Menu): MenuInput {
  return {
    id: m.id,
    code: m.code,
    nameTh: m.nameTh,
    nameEn: m.nameEn,
    cuisineTypeId: m.cuisineTypeId,
    mealComponentId: m.mealComponentId,
    iddsiType: m.iddsiType,
    iddsiLevel: m.iddsiLevel,
    price: m.price,
    remark: m.remark,
    status: m.status,
    allergenIds: m.allergens.map((r) => r.id),
    restrictedIds: m.restricted.map((r) => r.id),
    mealClassIds: m.mealClasses.map((r) => r.id),
    dietTypeIds: m.dietTypes.map((r) => r.id),
    therapeuticIds: m.therapeutics.map((r) => r.id),
    nutrients: m.nutrients.map((n) => ({ nutrient: n.nutrient, amount: n.amount, unitId: n.unitId })),
  };
}

const EMPTY: Partial<MenuInput> = {
  iddsiType: 'FOOD',
  iddsiLevel: 7,
  price: 0,
  remark: '',
  allergenIds: [],
  restrictedIds: [],
  mealClassIds: [],
  dietTypeIds: [],
  therapeuticIds: [],
  nutrients: [],
};

const FIELDS = [
  'code', 'nameTh', 'nameEn', 'cuisineTypeId', 'mealComponentId', 'iddsiType', 'iddsiLevel', 'price', 'remark',
  'allergenIds', 'restrictedIds', 'mealClassIds', 'dietTypeIds', 'therapeuticIds', 'nutrients',
];

/** The rows picked, in the order of the master list (the chips the dish will carry). */
function picked(rows: Ref[] | undefined, ids: number[] | undefined): Ref[] {
  const set = new Set(ids ?? []);
  return (rows ?? []).filter((r) => set.has(r.id));
}

type Props = { branchCode: string; editing: Menu | 'new' | null; onClose: () => void };

const valuesOf = (m: Menu | null): Partial<MenuInput> => (m ? menuInput(m) : EMPTY);

/** The dish form (drawer): names, kitchen, portion, IDDSI texture, ingredients → allergens, nutrients, price. */
export function MenuFormDrawer({ branchCode, editing, onClose }: Props) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<MenuInput>();
  const save = useUpdateMenu();
  const rules = formRules(t);
  const label = (name: string) => t(`fields.${name}`);

  const allergies = useMasterRows('Allergies', branchCode);
  const restricted = useMasterRows('Restricted', branchCode);
  const units = useMasterRows('NutrientUnit', branchCode);
  const iddsiType = (Form.useWatch('iddsiType', form) ?? 'FOOD') as IddsiType;
  const iddsiLevel = Form.useWatch('iddsiLevel', form) as number | undefined;
  const allergenIds = Form.useWatch('allergenIds', form) as number[] | undefined;
  const restrictedIds = Form.useWatch('restrictedIds', form) as number[] | undefined;

  return (
    <ItemDrawer<MenuInput, Menu>
      editing={editing}
      valuesOf={valuesOf}
      titles={['menu.editTitle', 'menu.addTitle']}
      width={620}
      testId="menu-drawer"
      name="menu"
      form={form}
      onSave={(values, rec) =>
        save.mutateAsync({ branchCode, menu: { ...EMPTY, ...values, id: rec?.id, status: rec?.status, nutrients: (values.nutrients ?? []).filter(Boolean) } })
      }
      saving={save.isPending}
      fields={FIELDS}
      onValuesChange={(changed) => {
        // a level outside the new type's range (a food's 7 for a drink) is chosen again
        if (changed.iddsiType && !iddsiLevels(changed.iddsiType).includes(form.getFieldValue('iddsiLevel'))) {
          form.setFieldValue('iddsiLevel', undefined);
        }
      }}
      onClose={onClose}
    >
      <Space size="middle" style={{ display: 'flex' }} align="start">
        <Form.Item name="cuisineTypeId" label={label('cuisineTypeId')} rules={rules.choose('cuisineTypeId')} style={{ minWidth: 260 }}>
          <RefSelect kind="CuisineType" branchCode={branchCode} testId="field-cuisineTypeId" allowClear={false} />
        </Form.Item>
        <Form.Item name="mealComponentId" label={label('mealComponentId')} rules={rules.choose('mealComponentId')} style={{ minWidth: 260 }}>
          <RefSelect kind="MealComponent" branchCode={branchCode} testId="field-mealComponentId" allowClear={false} />
        </Form.Item>
      </Space>

      <Typography.Title level={5}>{t('menu.texture')}</Typography.Title>
      <Space size="middle" align="start" wrap>
        <Form.Item name="iddsiType" label={label('iddsiType')}>
          <Radio.Group optionType="button" data-testid="field-iddsiType">
            <Radio.Button value="FOOD">{t('iddsi.FOOD.type')}</Radio.Button>
            <Radio.Button value="DRINK">{t('iddsi.DRINK.type')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="iddsiLevel" label={label('iddsiLevel')} rules={rules.choose('iddsiLevel')} style={{ minWidth: 260 }}>
          <FieldSelect
            data-testid="field-iddsiLevel"
            options={iddsiLevels(iddsiType).map((level) => ({
              value: level,
              label: (
                <Space>
                  <span
                    style={{
                      display: 'inline-block', width: 12, height: 12, borderRadius: 2,
                      background: IDDSI_COLORS[level].background, border: '1px solid rgba(0,0,0,0.3)',
                    }}
                  />
                  {t('iddsi.label', { level, name: t(iddsiNameKey(iddsiType, level)) })}
                </Space>
              ),
            }))}
          />
        </Form.Item>
      </Space>
      {iddsiLevel !== undefined && iddsiLevels(iddsiType).includes(iddsiLevel) && (
        <div style={{ marginTop: -8, marginBottom: 16 }} data-testid="iddsi-preview">
          <IddsiTag type={iddsiType} level={iddsiLevel} />
        </div>
      )}

      <Typography.Title level={5}>{t('menu.ingredients')}</Typography.Title>
      <Form.Item name="allergenIds" label={label('allergenIds')}>
        <RefSelect kind="Allergies" branchCode={branchCode} multiple testId="field-allergenIds" placeholder={t('menu.chooseIngredients')} />
      </Form.Item>
      <Form.Item name="restrictedIds" label={label('restrictedIds')}>
        <RefSelect kind="Restricted" branchCode={branchCode} multiple testId="field-restrictedIds" placeholder={t('menu.chooseIngredients')} />
      </Form.Item>
      <Form.Item label={t('menu.derived')} extra={t('menu.derivedHint')}>
        <div data-testid="derived-chips">
          <IngredientChips allergens={picked(allergies.data?.items, allergenIds)} restricted={picked(restricted.data?.items, restrictedIds)} />
        </div>
      </Form.Item>

      <Typography.Title level={5}>{t('menu.suits')}</Typography.Title>
      <Form.Item name="mealClassIds" label={label('mealClassIds')}>
        <RefSelect kind="MealClass" branchCode={branchCode} multiple testId="field-mealClassIds" />
      </Form.Item>
      <Form.Item name="dietTypeIds" label={label('dietTypeIds')}>
        <RefSelect kind="DietType" branchCode={branchCode} multiple testId="field-dietTypeIds" />
      </Form.Item>
      <Form.Item name="therapeuticIds" label={label('therapeuticIds')}>
        <RefSelect kind="Therapeutic" branchCode={branchCode} multiple testId="field-therapeuticIds" />
      </Form.Item>

      <Typography.Title level={5}>{label('nutrients')}</Typography.Title>
      <Form.List name="nutrients">
        {(items, { add, remove }) => (
          <>
            {items.map(({ key, name }) => (
              <Space key={key} align="start" style={{ display: 'flex' }} data-testid="nutrient-row">
                <Form.Item name={[name, 'nutrient']} rules={[{ required: true, message: t('form.choose', { field: label('nutrient') }) }]}>
                  <FieldSelect
                    style={{ width: 170 }}
                    placeholder={label('nutrient')}
                    aria-label={label('nutrient')}
                    options={NUTRIENTS.map((n) => ({ value: n, label: t(`nutrients.${n}`) }))}
                  />
                </Form.Item>
                <Form.Item name={[name, 'amount']} rules={[{ required: true, type: 'number', min: 0, message: t('form.amount') }]}>
                  <InputNumber min={0} placeholder={label('amount')} aria-label={label('amount')} style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[name, 'unitId']} rules={[{ required: true, type: 'number', message: t('form.choose', { field: label('unit') }) }]}>
                  <FieldSelect
                    style={{ width: 140 }}
                    placeholder={label('unit')}
                    aria-label={label('unit')}
                    options={(units.data?.items ?? []).filter((u) => u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.code }))}
                  />
                </Form.Item>
                <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('action.remove')} onClick={() => remove(name)} />
              </Space>
            ))}
            <Form.Item>
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()} data-testid="add-nutrient">
                {t('menu.addNutrient')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
    </ItemDrawer>
  );
}
