import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Table } from '@/components/table';
import { useReviewReasonLabel } from '@/lib/review-reasons';
import { NS } from '@/features/reports/i18n';
import type { Moved, Place } from '@/features/reports/api/reports';

/** The trays whose patient moved (or whose HN changed) since their card was printed: the bed on the card, the bed now (marked), held ones with their review reasons. */
export function MovedTable({ items, testId }: { items: Moved[]; testId: string }) {
  const { t, i18n } = useTranslation(NS);
  const reviewReason = useReviewReasonLabel();
  const en = i18n.language === 'en';
  const name = (p: Place | null) => (p ? (en ? p.nameEn || p.nameTh : p.nameTh || p.nameEn) || p.code : '');
  const place = (ward: Place | null, room: Place | null) =>
    [name(ward), room ? t('moved.bed', { bed: room.code }) : ''].filter(Boolean).join(' · ') || t('moved.nowhere');
  return (
    <Table<Moved> rowKey="orderId" size="small" pagination={false} dataSource={items} data-testid={testId}
      locale={{ emptyText: t('moved.none') }}
      columns={[
        { key: 'hn', title: 'HN', render: (_, m) => <Typography.Text strong>{m.hnId}</Typography.Text> },
        { key: 'name', title: t('name'), render: (_, m) => <>{m.name}{m.caregiver && <Tag style={{ marginInlineStart: 8 }}>{t('caregiver')}</Tag>}</> },
        { key: 'meal', title: t('mealType'), render: (_, m) => name(m.mealType) },
        { key: 'card', title: t('moved.card'), render: (_, m) => <span data-testid="moved-card-bed">{place(m.printedWard, m.printedRoom)}</span> },
        {
          key: 'now', title: t('moved.now'),
          render: (_, m) => (
            <>
              <Tag color="blue" data-testid="moved-tag">{t(m.hnChanged ? 'moved.hnTag' : 'moved.tag')}</Tag>
              <Typography.Text strong data-testid="moved-now-bed">{place(m.ward, m.room)}</Typography.Text>
            </>
          ),
        },
        {
          key: 'review', title: t('reasons'),
          render: (_, m) => m.needsReview && (
            <>
              <Tag color="orange">{t('moved.held')}</Tag>
              {m.reviewReasons.map((r) => <Tag key={r} color="orange">{reviewReason(r)}</Tag>)}
            </>
          ),
        },
      ]} />
  );
}
