import { Alert, App, Checkbox, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { NS } from '@/features/orders/i18n';
import { useFilterMenu } from '@/features/orders/api/filter-menu';
import { useSubmitOrderMany } from '@/features/orders/api/submit-order-many';
import { ManyResultView } from '@/features/orders/components/many-result';
import { MealBadge, useOrderLabels } from '@/features/orders/components/parts';
import { errorText, newKey, NO_CAREGIVER } from '@/features/orders/draft';
import { ORDER_TYPES, type ManyResult, type MealType, type OrderRow, type OrderType } from '@/features/orders/types';

type Props = { open: boolean; rows: OrderRow[]; dateOrder: string; mealTypes: MealType[]; onClose: (done: boolean) => void };

/**
 * The same choice for the ticked patients (submitOrderMany): a meal type, the order type and
 * for food a set of the day or a free-text meal. Each patient is checked on its own by the
 * server; the refused ones are listed with the reason.
 */
export function BulkOrderModal({ open, rows, dateOrder, mealTypes, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const labels = useOrderLabels();
  const [meals, setMeals] = useState<number[]>([]);
  const [orderType, setOrderType] = useState<OrderType>('ORD');
  const [course, setCourse] = useState<'SET' | 'SPECIFIC'>('SET');
  const [setId, setSetId] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [result, setResult] = useState<ManyResult | null>(null);
  const [error, setError] = useState('');
  const key = useRef(newKey());
  const many = useSubmitOrderMany();
  // the sets of the day, read for the first ticked patient (each patient is checked on submit)
  const menu = useFilterMenu(
    { branchCode: labels.branch, hnId: rows[0]?.hnId ?? '', dateOrder, mealTimeId: meals[0] ?? 0, foodScope: 'BOTH' },
    open && orderType === 'ORD' && course === 'SET',
  );

  useEffect(() => {
    if (open) {
      setMeals(mealTypes.slice(0, 1).map((m) => m.id));
      setOrderType('ORD');
      setCourse('SET');
      setSetId(null);
      setDescription('');
      setResult(null);
      setError('');
      key.current = newKey();
    }
  }, [open, mealTypes]);

  const ready = meals.length > 0 && (orderType !== 'ORD' || (course === 'SET' ? setId !== null : description.trim() !== ''));
  const send = () => {
    setError('');
    many.mutate(
      {
        branchCode: labels.branch,
        hnIds: rows.map((r) => r.hnId),
        patientVersions: Object.fromEntries(rows.map((r) => [r.hnId, r.version])),
        idempotencyKey: key.current,
        dates: [dateOrder],
        mealTimeIds: meals,
        caregiver: false,
        caregiverInfo: NO_CAREGIVER,
        orderType,
        foodScope: 'BOTH',
        courseType: orderType === 'ORD' ? course : 'MENU',
        dietTypeId: null,
        therapeuticId: null,
        cuisineTypeId: null,
        items: orderType === 'ORD' && course === 'SET' && setId !== null ? [{ menuSetId: setId, alternativeNote: '' }] : [],
        description: orderType === 'ORD' && course === 'SPECIFIC' ? description.trim() : '',
        otherIds: [],
        remarkIds: [],
        remark: '',
        charge: false,
        dysphagiaFoodType: null,
        unmappedAllergiesChecked: false,
      },
      {
        onSuccess: (r) => {
          setResult(r);
          if ((r.refused ?? []).length === 0) notification.success({ message: t('messages.submitted') });
        },
        onError: (e) => {
          if (isApiError(e) && e.status !== 0) key.current = newKey();
          setError(errorText(e, t('messages.submitFailed')) ?? '');
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('bulk.title', { count: rows.length })}
      onCancel={() => onClose(result !== null)}
      onOk={result ? () => onClose(true) : send}
      okText={result ? t('common.close') : t('form.submit')}
      okButtonProps={{ disabled: !result && !ready, loading: many.isPending, 'data-testid': 'bulk-submit' } as never}
      cancelButtonProps={{ style: result ? { display: 'none' } : undefined }}
      cancelText={t('common.back')}
      width={600}
      destroyOnHidden
      data-testid="bulk-modal"
    >
      {result ? (
        <ManyResultView result={result} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('bulk.hint', { date: labels.day(dateOrder), hns: rows.map((r) => r.hnId).join(', ') })}</Typography.Text>
          <Checkbox.Group value={meals} onChange={(v) => setMeals(v as number[])} data-testid="bulk-meals">
            {mealTypes.map((m) => (
              <Checkbox key={m.id} value={m.id}>
                <Space size={4}>
                  <MealBadge meal={m} />
                  {labels.ref(m)}
                </Space>
              </Checkbox>
            ))}
          </Checkbox.Group>
          <Radio.Group value={orderType} onChange={(e) => setOrderType(e.target.value)} optionType="button" options={ORDER_TYPES.map((o) => ({ value: o, label: t(`orderType.${o}`) }))} data-testid="bulk-order-type" />
          {orderType === 'ORD' && (
            <>
              <Radio.Group value={course} onChange={(e) => setCourse(e.target.value)} options={(['SET', 'SPECIFIC'] as const).map((c) => ({ value: c, label: t(`courseType.${c}`) }))} data-testid="bulk-course" />
              {course === 'SET' ? (
                <Select
                  style={{ width: '100%' }}
                  placeholder={t('bulk.chooseSet')}
                  value={setId ?? undefined}
                  onChange={(v) => setSetId(v ?? null)}
                  loading={menu.isFetching}
                  options={(menu.data?.sets ?? []).map((o) => ({ value: o.menuSet.id, label: `${o.menuSet.code} · ${labels.ref(o.menuSet)}` }))}
                  notFoundContent={menu.data && !menu.data.covered ? t('menu.notCovered') : t('menu.noSet')}
                  data-testid="bulk-set"
                />
              ) : (
                <Input.TextArea rows={2} value={description} onChange={(e) => setDescription(e.target.value)} placeholder={t('form.description')} data-testid="bulk-description" />
              )}
            </>
          )}
          {error && <Alert type="error" showIcon message={error} />}
        </Space>
      )}
    </Modal>
  );
}
