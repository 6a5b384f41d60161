import { App, Form, InputNumber, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer';
import { useGuardedClose } from '@/components/unsaved-changes';
import { clearErrors } from '@/lib/form-errors';
import { useMenuChoices } from '@/features/menus/api/search-menus';
import { useUpdateMenuSet, type MenuSetInput } from '@/features/menus/api/update-menu-set';
import { ForFields, NameFields, RemarkField, formRules, useSaveError } from '@/features/menus/components/form-parts';
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

/** The set form (drawer): names, what it is for, its dishes; shows the allergens they bring. */
export function MenuSetFormDrawer({ branchCode, editing, onClose }: Props) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification } = App.useApp();
  const [form] = Form.useForm<MenuSetInput>();
  const save = useUpdateMenuSet();
  const rec = editing && editing !== 'new' ? editing : null;
  const open = editing !== null;
  const guard = useGuardedClose(open, onClose);
  const saveError = useSaveError();
  const rules = formRules(t);
  const label = (name: string) => t(`fields.${name}`);
  const menus = useMenuChoices(open);
  const menuIds = Form.useWatch('menuIds', form) as number[] | undefined;
  const chosen = (menus.data?.items ?? []).filter((m) => (menuIds ?? []).includes(m.id));

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(
        rec ? menuSetInput(rec) : { price: 0, remark: '', menuIds: [], trayCategoryId: null, dietTypeId: null, therapeuticId: null },
      );
    }
  }, [open, rec, form]);

  async function submit(values: MenuSetInput) {
    const body: MenuSetInput = {
      ...values,
      id: rec?.id,
      status: rec?.status,
      trayCategoryId: values.trayCategoryId ?? null,
      dietTypeId: values.dietTypeId ?? null,
      therapeuticId: values.therapeuticId ?? null,
      price: values.price ?? 0,
      remark: values.remark ?? '',
      menuIds: values.menuIds ?? [],
    };
    try {
      await save.mutateAsync({ branchCode, set: body });
      notification.success({ message: t(rec ? 'toast.updated' : 'toast.created') });
      onClose();
    } catch (e) {
      saveError(form, e, FIELDS);
    }
  }

  const chosenIds = new Set(menuIds ?? []);
  const menuOptions = (menus.data?.items ?? []).map((m) => ({
    value: m.id,
    label: `${m.code} · ${localName(m, lang)} (${localName({ nameTh: m.mealComponentNameTh, nameEn: m.mealComponentNameEn }, lang)})`,
    disabled: m.status !== 'ACTIVE' && !chosenIds.has(m.id),
  }));

  return (
    <FormDrawer
      open={open}
      title={t(rec ? 'menuSet.editTitle' : 'menuSet.addTitle')}
      width={600}
      testId="menu-set-drawer"
      onClose={guard.close}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
    >
      <Form<MenuSetInput>
        form={form}
        layout="vertical"
        name="menuSet"
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<MenuSetInput>) => {
          guard.changed();
          form.setFields(clearErrors(changed));
        }}
        scrollToFirstError
      >
        <NameFields />
        <ForFields branchCode={branchCode} testIdPrefix="field" />
        <Form.Item
          name="menuIds"
          label={label('menuIds')}
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
        <Form.Item name="price" label={label('price')} rules={rules.price}>
          <InputNumber min={0} precision={2} style={{ width: 180 }} data-testid="field-price" />
        </Form.Item>
        <RemarkField />
      </Form>
    </FormDrawer>
  );
}
