// The order form's sections, each reading the draft and changing it through its reducer
// (draft.ts); the form (order-form.tsx) lays them out and makes the calls.
import { Alert, Button, Checkbox, Divider, Form, Input, Radio, Select, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '@/components/date-picker';
import { THAI_PICKER, pickerFormat } from '@/lib/dates';
import { LabelledItem } from '@/components/labelled-item';
import { NS } from '@/features/orders/i18n';
import { useChoices, type ChoiceRow } from '@/features/orders/api/get-choices';
import { MealChecks, type OrderLabels } from '@/features/orders/components/parts';
import { filterValue, type DraftAction, type DraftState, type Filters } from '@/features/orders/draft';
import { COURSE_TYPES, FOOD_SCOPES, NO_CAREGIVER, ORDER_TYPES, type MealType, type OrderRow } from '@/features/orders/types';

type SectionProps = { s: DraftState; dispatch: Dispatch<DraftAction>; labels: OrderLabels };

const refOptions = (rows: ChoiceRow[] | undefined, labels: OrderLabels) => (rows ?? []).map((r) => ({ value: r.id, label: `${r.code} · ${labels.ref(r)}` }));

/** The meal types and dates the draft orders, and its order type. */
export function WhenAndWhat({ s, dispatch, labels, mealTypes }: SectionProps & { mealTypes: MealType[] }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Space wrap size="large" align="start">
        <Form.Item label={t('form.mealType')} required>
          <MealChecks mealTypes={mealTypes} value={s.mealTimeIds} onChange={(v) => dispatch({ type: 'meals', value: v })} testId="meal-types" itemTestId="meal" />
        </Form.Item>
        <Form.Item label={t('form.dates')} required>
          <DatePicker
            multiple
            maxTagCount="responsive"
            value={s.dates.map((d) => dayjs(d))}
            format={pickerFormat(labels.lang)}
            locale={labels.lang === 'th' ? THAI_PICKER : undefined}
            onChange={(v) => dispatch({ type: 'dates', value: ((v ?? []) as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD')) })}
            style={{ minWidth: 220 }}
            data-testid="order-dates"
          />
        </Form.Item>
      </Space>
      <Form.Item label={t('form.orderType')}>
        <Radio.Group
          value={s.order.orderType}
          onChange={(e) => dispatch({ type: 'orderType', value: e.target.value })}
          optionType="button"
          options={ORDER_TYPES.map((o) => ({ value: o, label: t(`orderType.${o}`), disabled: s.order.caregiver && o !== 'ORD' }))}
          data-testid="order-type"
        />
      </Form.Item>
    </>
  );
}

/** A caregiver's stated religion, vegetarian type, allergens and restricted ingredients. */
export function CaregiverFacts({ s, dispatch, labels }: SectionProps) {
  const { t } = useTranslation(NS);
  const care = s.order.caregiverInfo ?? NO_CAREGIVER;
  const set = (patch: Partial<typeof care>) => dispatch({ type: 'caregiverInfo', patch });
  const religions = useChoices('getReligion', labels.branch);
  const vegetarians = useChoices('getVegetarian', labels.branch);
  const allergens = useChoices('getAllergensCaregiver', labels.branch);
  const religionCode = religions.data?.find((r) => r.id === care.religionId)?.code;
  const vegetarianCode = vegetarians.data?.find((r) => r.id === care.vegetarianId)?.code;
  const restricted = useChoices('getRestrictedCaregiver', labels.branch, { religionCode, vegetarianCode });
  return (
    <>
      <Divider orientation="left">{t('form.caregiverFacts')}</Divider>
      <Space wrap size="middle" align="start" data-testid="caregiver-facts">
        <LabelledItem label={t('patient.religion')}>
          <Select allowClear style={{ width: 200 }} value={care.religionId ?? undefined} onChange={(v) => set({ religionId: v ?? null })} options={refOptions(religions.data, labels)} data-testid="care-religion" />
        </LabelledItem>
        <LabelledItem label={t('patient.vegetarian')}>
          <Select allowClear style={{ width: 200 }} value={care.vegetarianId ?? undefined} onChange={(v) => set({ vegetarianId: v ?? null })} options={refOptions(vegetarians.data, labels)} data-testid="care-vegetarian" />
        </LabelledItem>
        <LabelledItem label={t('columns.allergens')}>
          <Select mode="multiple" allowClear style={{ minWidth: 240 }} value={care.allergenIds} onChange={(v) => set({ allergenIds: v })} options={refOptions(allergens.data, labels)} optionFilterProp="label" data-testid="care-allergens" />
        </LabelledItem>
        <LabelledItem label={t('patient.restricted')}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 240 }}
            value={care.restrictedIds}
            onChange={(v) => set({ restrictedIds: v })}
            options={(restricted.data ?? []).map((r) => ({ value: r.id, label: `${r.code} · ${labels.ref(r)}${r.source && r.source !== 'PATIENT' ? ` (${t(`source.${r.source}`)})` : ''}` }))}
            optionFilterProp="label"
            data-testid="care-restricted"
          />
        </LabelledItem>
      </Space>
    </>
  );
}

const FILTERS: { name: keyof Filters; label: string; testId: string }[] = [
  { name: 'dietTypeId', label: 'form.dietType', testId: 'filter-diet' },
  { name: 'therapeuticId', label: 'form.therapeutic', testId: 'filter-therapeutic' },
  { name: 'cuisineTypeId', label: 'form.cuisine', testId: 'filter-cuisine' },
  { name: 'mealComponentId', label: 'form.component', testId: 'filter-component' },
];

/** Food: the food scope, the course type and, for the day's menu, its filters. */
export function MenuChoice({ s, dispatch, labels, hnId }: SectionProps & { hnId: string }) {
  const { t } = useTranslation(NS);
  const options: Record<keyof Filters, ChoiceRow[] | undefined> = {
    dietTypeId: useChoices('getDietType', labels.branch).data,
    therapeuticId: useChoices('getTherapeutic', labels.branch, s.order.caregiver ? {} : { hnId }).data,
    cuisineTypeId: useChoices('getCuisine', labels.branch).data,
    mealComponentId: useChoices('getMealComponents', labels.branch).data,
  };
  return (
    <>
      <Space wrap size="large">
        <Form.Item label={t('form.foodScope')}>
          <Radio.Group value={s.order.foodScope} onChange={(e) => dispatch({ type: 'foodScope', value: e.target.value })} options={FOOD_SCOPES.map((o) => ({ value: o, label: t(`foodScope.${o}`) }))} data-testid="food-scope" />
        </Form.Item>
        <Form.Item label={t('form.courseType')}>
          <Radio.Group value={s.order.courseType} onChange={(e) => dispatch({ type: 'courseType', value: e.target.value })} optionType="button" options={COURSE_TYPES.map((o) => ({ value: o, label: t(`courseType.${o}`) }))} data-testid="course-type" />
        </Form.Item>
      </Space>
      {s.order.courseType !== 'SPECIFIC' && (
        <Space wrap size="middle" data-testid="menu-filters">
          {FILTERS.map((f) => (
            <LabelledItem key={f.name} label={t(f.label)}>
              <Select
                allowClear
                style={{ width: 190 }}
                value={filterValue(s, f.name) ?? undefined}
                onChange={(v) => dispatch({ type: 'filter', name: f.name, value: v ?? null })}
                options={refOptions(options[f.name], labels)}
                placeholder={t('form.all')}
                data-testid={f.testId}
              />
            </LabelledItem>
          ))}
        </Space>
      )}
    </>
  );
}

/** A free-text meal (SPECIFIC): what the kitchen makes and, for a patient with a texture need, its IDDSI level. */
export function FreeTextMeal({ s, dispatch, textureFood }: Omit<SectionProps, 'labels'> & { textureFood: number | null }) {
  const { t } = useTranslation(NS);
  const levels = [3, 4, 5, 6, 7].filter((l) => textureFood === null || l <= textureFood);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>{t('form.description')}</Typography.Text>
      <Input.TextArea rows={3} value={s.order.description} maxLength={1000} onChange={(e) => dispatch({ type: 'set', patch: { description: e.target.value } })} data-testid="description" />
      {!s.order.caregiver && textureFood !== null && (
        <Space>
          <label htmlFor="order-dysphagia-level">{t('form.dysphagiaFoodType')}</label>
          <Select
            id="order-dysphagia-level"
            style={{ width: 240 }}
            allowClear
            value={s.order.dysphagiaFoodType ?? undefined}
            onChange={(v) => dispatch({ type: 'set', patch: { dysphagiaFoodType: v ?? null } })}
            options={levels.map((l) => ({ value: l, label: t('iddsi.label', { level: l, name: t(`iddsi.FOOD.${l}`) }) }))}
            data-testid="dysphagia-level"
          />
        </Space>
      )}
    </Space>
  );
}

/** Others (food only), remarks, a remark and the charge (food only). */
export function OrderExtras({ s, dispatch, labels }: SectionProps) {
  const { t } = useTranslation(NS);
  const others = useChoices('getOthers', labels.branch);
  const remarks = useChoices('getRemarks', labels.branch);
  const food = s.order.orderType === 'ORD';
  return (
    <Form layout="vertical" component="div">
      <Space wrap size="middle" align="start">
        {food && (
          <LabelledItem label={t('form.others')}>
            <Select mode="multiple" allowClear style={{ minWidth: 220 }} value={s.order.otherIds ?? []} onChange={(v) => dispatch({ type: 'set', patch: { otherIds: v } })} options={refOptions(others.data, labels)} optionFilterProp="label" data-testid="others" />
          </LabelledItem>
        )}
        <LabelledItem label={t('form.remarks')}>
          <Select mode="multiple" allowClear style={{ minWidth: 220 }} value={s.order.remarkIds ?? []} onChange={(v) => dispatch({ type: 'set', patch: { remarkIds: v } })} options={refOptions(remarks.data, labels)} optionFilterProp="label" data-testid="remarks" />
        </LabelledItem>
        <LabelledItem label={t('form.remark')}>
          <Input style={{ width: 260 }} value={s.order.remark} maxLength={500} onChange={(e) => dispatch({ type: 'set', patch: { remark: e.target.value } })} data-testid="remark" />
        </LabelledItem>
        {food && (
          <LabelledItem label={t('form.charge')}>
            <Switch checked={s.order.charge} onChange={(v) => dispatch({ type: 'set', patch: { charge: v } })} data-testid="charge" />
          </LabelledItem>
        )}
      </Space>
    </Form>
  );
}

/** The patient's allergies no master row names: the person confirms having read them. */
export function UnmappedConfirm({ s, dispatch, row }: Omit<SectionProps, 'labels'> & { row: OrderRow }) {
  const { t } = useTranslation(NS);
  return (
    <Checkbox checked={s.order.unmappedAllergiesChecked} onChange={(e) => dispatch({ type: 'set', patch: { unmappedAllergiesChecked: e.target.checked } })} data-testid="unmapped-confirm">
      <Typography.Text type="danger">{t('form.unmappedConfirm')}</Typography.Text> ({(row.unmappedAllergies ?? []).join(', ')})
    </Checkbox>
  );
}

/** What the last check or submit said: what is missing, the server's problems, the live order in the way. */
export function Answers({ s, labels, mealName, onOpen }: Omit<SectionProps, 'dispatch'> & { mealName: (id?: number) => string; onOpen: (orderId: string) => void }) {
  const { t } = useTranslation(NS);
  return (
    <>
      {s.local.length > 0 && (
        <Alert type="error" showIcon data-testid="local-problems" message={t('messages.problems')} description={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{s.local.map((k) => <li key={k}>{t(`local.${k}`)}</li>)}</ul>} />
      )}
      {s.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="problems"
          message={t('messages.problems')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {s.problems.map((p, i) => (
                <li key={i} data-code={p.code}>
                  {p.message}
                  {p.dateOrder && <Typography.Text type="secondary"> · {labels.day(p.dateOrder)} {mealName(p.mealTimeId)}</Typography.Text>}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {s.existing && (
        <Alert
          type="warning"
          showIcon
          data-testid="existing-order"
          message={t('messages.alreadyOrdered')}
          action={
            <Button size="small" onClick={() => onOpen(s.existing!)} data-testid="existing-open">
              {t('form.viewOrder')}
            </Button>
          }
        />
      )}
    </>
  );
}
