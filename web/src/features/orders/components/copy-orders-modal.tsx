import { Alert, App, Checkbox, DatePicker, Modal, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { NS } from '@/features/orders/i18n';
import { useCopyOrders } from '@/features/orders/api/copy-orders';
import { useMealTypes, useWards } from '@/features/orders/api/get-choices';
import { ManyResultView } from '@/features/orders/components/many-result';
import { MealBadge, useOrderLabels } from '@/features/orders/components/parts';
import { THAI_PICKER, pickerFormat } from '@/lib/dates';
import { placeOptions, placeSearch } from '@/lib/place-options';
import { errorText, newKey } from '@/features/orders/draft';
import type { ManyResult } from '@/features/orders/types';

type Props = { open: boolean; dateOrder: string; ward: string; onClose: () => void };

/** Copies a ward's orders of the day before (copyOrders): each patient is checked again; the refused ones are listed. */
export function CopyOrdersModal({ open, dateOrder, ward, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const labels = useOrderLabels();
  const wards = useWards(labels.branch);
  const mealTypes = useMealTypes(labels.branch);
  const [wardId, setWardId] = useState<number | null>(null);
  const [from, setFrom] = useState('');
  const [meals, setMeals] = useState<number[]>([]);
  const [result, setResult] = useState<ManyResult | null>(null);
  const [error, setError] = useState('');
  const key = useRef(newKey());
  const copy = useCopyOrders();

  useEffect(() => {
    if (open) {
      setWardId(ward === 'All' ? null : Number(ward));
      setFrom(dayjs(dateOrder).subtract(1, 'day').format('YYYY-MM-DD'));
      setMeals([]);
      setResult(null);
      setError('');
      key.current = newKey();
    }
  }, [open, ward, dateOrder]);

  const send = () => {
    if (wardId === null) return;
    setError('');
    copy.mutate(
      { branchCode: labels.branch, wardId, fromDate: from, toDate: dateOrder, mealTimeIds: meals.length > 0 ? meals : undefined, idempotencyKey: key.current },
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
      title={t('copy.title')}
      onCancel={onClose}
      onOk={result ? onClose : send}
      okText={result ? t('common.close') : t('copy.confirm')}
      okButtonProps={{ disabled: !result && (wardId === null || from === ''), loading: copy.isPending, 'data-testid': 'copy-submit' } as never}
      cancelButtonProps={{ style: result ? { display: 'none' } : undefined }}
      cancelText={t('common.back')}
      width={600}
      destroyOnHidden
      data-testid="copy-modal"
    >
      {result ? (
        <ManyResultView result={result} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('copy.hint', { to: labels.day(dateOrder) })}</Typography.Text>
          <Select
            style={{ width: '100%' }}
            placeholder={t('copy.ward')}
            value={wardId ?? undefined}
            onChange={(v) => setWardId(v ?? null)}
            {...placeSearch}
            options={placeOptions(wards.data, labels.lang)}
            data-testid="copy-ward"
          />
          <Space>
            <Typography.Text>{t('copy.from')}</Typography.Text>
            <DatePicker
              allowClear={false}
              value={from ? dayjs(from) : null}
              format={pickerFormat(labels.lang)}
              locale={labels.lang === 'th' ? THAI_PICKER : undefined}
              onChange={(d) => d && setFrom(d.format('YYYY-MM-DD'))}
              data-testid="copy-from"
            />
          </Space>
          <div>
            <Typography.Text>{t('copy.meals')}</Typography.Text>
            <Checkbox.Group value={meals} onChange={(v) => setMeals(v as number[])} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              {((mealTypes.data ?? []) as { id: number; code: string; abbreviation: string; mealColor: string; textColor: string; nameTh: string; nameEn: string }[]).map((m) => (
                <Checkbox key={m.id} value={m.id}>
                  <Space size={4}>
                    <MealBadge meal={m} />
                    {labels.ref(m)}
                  </Space>
                </Checkbox>
              ))}
            </Checkbox.Group>
          </div>
          {error && <Alert type="error" showIcon message={error} />}
        </Space>
      )}
    </Modal>
  );
}
