import { App, Button, Card, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '@/components/icons';
import { DatePicker } from '@/components/date-picker';
import { Table } from '@/components/table';
import { ScreenFrame } from '@/components/screen-frame';
import { THAI_PICKER, formatDate, pickerFormat } from '@/lib/dates';
import { useBranchToday } from '@/lib/use-branch-today';
import { useSession } from '@/lib/use-session';
import { NS } from '@/features/reports/i18n';
import { useFinance, useFinanceWorkbook, type FinanceOrder, type FinanceTotal } from '@/features/reports/api/reports';

const baht = (satang: number) => (satang / 100).toLocaleString('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Finance (Controller, /auth/report/finance, ours): charged orders of patients and caregivers with prices, totals per ward and per day. */
export default function FinancePage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  // a YYYY-MM-DD day is a calendar day: shown as it is, not moved by a zone
  const day = (d: string) => formatDate(`${d}T12:00:00`, lang, 'UTC');
  const { notification } = App.useApp();
  const workbook = useFinanceWorkbook();
  const session = useSession();
  const branchCode = session.userInfo?.current?.branchCode ?? '';
  const { todayPicker } = useBranchToday();
  // the branch's month so far
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [todayPicker.startOf('month'), todayPicker]);
  const dates = { branchCode, dateFrom: range[0].format('YYYY-MM-DD'), dateTo: range[1].format('YYYY-MM-DD') };
  const finance = useFinance(dates.branchCode, dates.dateFrom, dates.dateTo);
  const download = () => workbook.mutate(dates, {
    onSuccess: (link) => {
      if (!link?.url) notification.info({ message: t('finance.notFound') });
    },
  });
  const data = finance.data;
  const totals = (title: string, list: FinanceTotal[] | undefined, testId: string, key = (k: string) => k) => (
    <Card size="small" title={title} style={{ minWidth: 320 }}>
      <Table<FinanceTotal> rowKey="key" size="small" pagination={false} dataSource={list ?? []} data-testid={testId}
        columns={[
          { key: 'key', title: title, render: (_, x) => key(x.key) },
          { key: 'orders', title: t('finance.orders'), dataIndex: 'orders', align: 'right' },
          { key: 'amount', title: t('finance.amount'), align: 'right', render: (_, x) => baht(x.amountSatang) },
        ]} />
    </Card>
  );

  return (
    <ScreenFrame title={t('finance.title')} subtitle={t('finance.subtitle')} testId="report-finance-page">
      <Space wrap>
        <DatePicker.RangePicker allowClear={false} value={range} data-testid="finance-dates"
          format={pickerFormat(lang)} locale={lang === 'th' ? THAI_PICKER : undefined}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        <Typography.Text strong data-testid="finance-total">
          {t('finance.total', { orders: data?.total.orders ?? 0, amount: baht(data?.total.amountSatang ?? 0) })}
        </Typography.Text>
        <Button icon={<DownloadOutlined />} loading={workbook.isPending} disabled={!data?.total.orders} onClick={download}
          data-testid="finance-download">
          {t('finance.download')}
        </Button>
      </Space>
      <Space wrap align="start">
        {totals(t('ward'), data?.byWard, 'finance-by-ward')}
        {totals(t('date'), data?.byDay, 'finance-by-day', day)}
      </Space>
      <Table<FinanceOrder> rowKey="orderId" size="small" loading={finance.isLoading} dataSource={data?.orders ?? []}
        data-testid="finance-table" locale={{ emptyText: t('finance.none') }}
        columns={[
          { key: 'date', title: t('date'), render: (_, o) => day(o.dateOrder) },
          { key: 'ward', title: t('ward'), render: (_, o) => `${o.ward} ${o.room}` },
          { key: 'hn', title: 'HN', dataIndex: 'hnId' },
          { key: 'name', title: t('name'), render: (_, o) => <>{o.name}{o.caregiver && <Tag style={{ marginInlineStart: 8 }}>{t('caregiver')}</Tag>}</> },
          { key: 'meal', title: t('mealType'), dataIndex: 'mealType' },
          { key: 'items', title: t('finance.items'), dataIndex: 'items' },
          { key: 'price', title: t('finance.amount'), align: 'right', render: (_, o) => baht(o.priceSatang) },
        ]} />
    </ScreenFrame>
  );
}
