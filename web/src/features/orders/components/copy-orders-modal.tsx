import { Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '@/components/date-picker';
import { NS } from '@/features/orders/i18n';
import { useCopyOrders } from '@/features/orders/api/copy-orders';
import { useMealTypes, useWards } from '@/features/orders/api/get-choices';
import { ManyOrderModal, useManyOrder } from '@/features/orders/components/many-order-modal';
import { MealChecks, useOrderLabels } from '@/features/orders/components/parts';
import { THAI_PICKER, pickerFormat } from '@/lib/dates';
import { placeOptions, placeSearch } from '@/lib/place-options';

type Props = { open: boolean; dateOrder: string; ward: string; onClose: () => void };

/** Copies a ward's orders of the day before (copyOrders): each patient is checked again; the refused ones are listed. */
export function CopyOrdersModal({ open, dateOrder, ward, onClose }: Props) {
  const { t } = useTranslation(NS);
  const labels = useOrderLabels();
  const wards = useWards(labels.branch);
  const mealTypes = useMealTypes(labels.branch);
  const [wardId, setWardId] = useState<number | null>(null);
  const [from, setFrom] = useState('');
  const [meals, setMeals] = useState<number[]>([]);
  const copy = useCopyOrders();
  const answer = useManyOrder(open, copy);

  useEffect(() => {
    if (open) {
      setWardId(ward === 'All' ? null : Number(ward));
      setFrom(dayjs(dateOrder).subtract(1, 'day').format('YYYY-MM-DD'));
      setMeals([]);
    }
  }, [open, ward, dateOrder]);

  const send = () => {
    if (wardId === null) return;
    answer.send({
      branchCode: labels.branch, wardId, fromDate: from, toDate: dateOrder, mealTimeIds: meals.length > 0 ? meals : undefined, idempotencyKey: answer.key(),
    });
  };

  return (
    <ManyOrderModal
      open={open}
      title={t('copy.title')}
      okText={t('copy.confirm')}
      ready={wardId !== null && from !== ''}
      pending={copy.isPending}
      width={600}
      testId="copy-modal"
      okTestId="copy-submit"
      answer={answer}
      onSend={send}
      onClose={onClose}
    >
      <Typography.Text type="secondary">{t('copy.hint', { to: labels.day(dateOrder) })}</Typography.Text>
      <Select
        style={{ width: '100%' }}
        placeholder={t('copy.ward')}
        aria-label={t('copy.ward')}
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
        <MealChecks mealTypes={mealTypes.data ?? []} value={meals} onChange={setMeals} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} />
      </div>
    </ManyOrderModal>
  );
}
