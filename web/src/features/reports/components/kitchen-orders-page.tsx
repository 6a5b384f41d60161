import { Alert, Form, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '@/components/date-picker';
import { Table } from '@/components/table';
import { ScreenFrame } from '@/components/screen-frame';
import { THAI_PICKER, pickerFormat } from '@/lib/dates';
import { useBranchToday } from '@/lib/use-branch-today';
import { useSession } from '@/lib/use-session';
import { NS } from '@/features/reports/i18n';
import { MovedTable } from '@/features/reports/components/moved-table';
import { useKitchenBoard, useReportChoices, type KitchenLine } from '@/features/reports/api/reports';
import { localName } from '@/lib/names';

type Values = { date: Dayjs; meal: number | 'ALL'; type: 'MENU' | 'MENU_SET' | 'SET' | 'SPECIFIC' };

/** Kitchen orders (Controller, /auth/report/kitchen-orders, ours): the kitchen workbook's tally on screen for a date and meal, refreshed every 30 s. */
export default function KitchenOrdersPage() {
  const { t, i18n } = useTranslation(NS);
  const session = useSession();
  const branchCode = session.userInfo?.current?.branchCode ?? '';
  const choices = useReportChoices(branchCode);
  const [form] = Form.useForm<Values>();
  const { timeZone, todayPicker } = useBranchToday();
  const date = Form.useWatch('date', form) ?? todayPicker;
  const meal = Form.useWatch('meal', form) ?? 'ALL';
  const type = Form.useWatch('type', form) ?? 'MENU_SET';
  const board = useKitchenBoard({
    branchCode, dateOrder: date.format('YYYY-MM-DD'), mealTimeIds: meal === 'ALL' ? 'ALL' : [meal], wardTypeIds: 'ALL',
    wardIds: 'ALL', roomIds: 'ALL', cuisineTypeIds: 'ALL', dietTypeIds: 'ALL', therapeuticIds: 'ALL', allergenIds: 'ALL',
    restrictedIds: 'ALL', foodScope: 'ALL', orderType: 'ALL', type,
  });
  const en = i18n.language === 'en';
  const mealOpts = [
    { value: 'ALL', label: t('all') },
    ...(choices.data?.mealTypes ?? []).map((m) => ({ value: m.id, label: localName(m, en ? 'en' : 'th') })),
  ];
  const data = board.data;

  return (
    <ScreenFrame title={t('kitchen-orders.title')} subtitle={t('kitchen-orders.subtitle')} testId="report-kitchen-orders-page">
      <Form<Values> form={form} layout="inline" initialValues={{ date: todayPicker, meal: 'ALL', type: 'MENU_SET' }}>
        <Form.Item name="date" label={t('date')}>
          <DatePicker allowClear={false} format={pickerFormat(en ? 'en' : 'th')} locale={en ? undefined : THAI_PICKER}
            data-testid="board-date" />
        </Form.Item>
        <Form.Item name="meal" label={t('mealType')}>
          <Select options={mealOpts} style={{ minWidth: 180 }} data-testid="board-meal" />
        </Form.Item>
        <Form.Item name="type" label={t('kitchenType')}>
          <Select style={{ minWidth: 200 }} data-testid="board-type"
            options={['MENU', 'MENU_SET', 'SET', 'SPECIFIC'].map((v) => ({ value: v, label: t(`kitchenTypes.${v}`) }))} />
        </Form.Item>
      </Form>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary" data-testid="board-updated">
          {board.dataUpdatedAt ? t('kitchen-orders.updated', { time: dayjs(board.dataUpdatedAt).tz(timeZone).format('HH:mm:ss') }) : ''}
        </Typography.Text>
        {data && data.needsReview.length > 0 && (
          <Alert type="warning" showIcon data-testid="board-held" message={t('held', { count: data.needsReview.length })} />
        )}
        {data && data.moved.length > 0 && (
          <Alert type="info" showIcon data-testid="board-moved" message={t('moved.board', { count: data.moved.length })}
            description={<MovedTable items={data.moved} testId="board-moved-table" />} />
        )}
        {data && data.notInType > 0 && (
          <Alert type="warning" showIcon data-testid="board-not-in-type" message={t('notInType', { count: data.notInType })} />
        )}
        <Table<KitchenLine>
          rowKey={(r) => `${r.kitchen}|${r.meal}|${r.code}|${r.item}|${r.texture}|${r.ward}`}
          size="small"
          loading={board.isLoading}
          dataSource={data?.rows ?? []}
          pagination={false}
          data-testid="board-table"
          locale={{ emptyText: t('notFoundKitchen') }}
          columns={[
            { key: 'kitchen', title: t('cuisine'), dataIndex: 'kitchen' },
            { key: 'meal', title: t('mealType'), dataIndex: 'meal' },
            { key: 'item', title: t('kitchen-orders.item'), render: (_, r) => <>{r.code && <Tag>{r.code}</Tag>}{r.specific && <Tag color="gold">{t('specific')}</Tag>}{r.item}</> },
            { key: 'texture', title: 'IDDSI', dataIndex: 'texture' },
            { key: 'ward', title: t('ward'), dataIndex: 'ward' },
            { key: 'count', title: t('kitchen-orders.count'), dataIndex: 'count', align: 'right' },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5}><Typography.Text strong>{t('kitchen-orders.total')}</Typography.Text></Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right"><Typography.Text strong data-testid="board-total">{data?.total ?? 0}</Typography.Text></Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Space>
    </ScreenFrame>
  );
}
