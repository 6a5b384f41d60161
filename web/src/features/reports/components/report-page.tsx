import { Alert, App, Button, Form, Space, Tag, Typography, type SelectProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '@/components/icons';
import { DatePicker } from '@/components/date-picker';
import { Table } from '@/components/table';
import { FieldSelect, RadioGroupField } from '@/components/form-controls';
import { ScreenFrame } from '@/components/screen-frame';
import { THAI_PICKER, pickerFormat } from '@/lib/dates';
import { placeOptions, placeSearch } from '@/lib/place-options';
import { useReviewReasonLabel } from '@/lib/review-reasons';
import { useBranchToday } from '@/lib/use-branch-today';
import { useSession } from '@/lib/use-session';
import { NS } from '@/features/reports/i18n';
import { ALL, allergyChoice, choice, normalise, type Multi } from '@/features/reports/choices';
import { ReprintCards } from '@/features/reports/components/reprint-cards';
import {
  useGenerateReport, useReportChoices, type Held, type Option, type ReportKind, type ReportLink,
} from '@/features/reports/api/reports';
import { localName } from '@/lib/names';

type Values = {
  dateOrder: Dayjs;
  mealTimeIds: Multi;
  wardTypeIds: Multi;
  wardIds: Multi;
  roomIds: Multi;
  cuisineTypeIds: Multi;
  dietTypeIds: Multi;
  therapeuticIds: Multi;
  allergy: string[]; // 'ALL', or 'A:<id>' allergens and 'R:<id>' restricted ingredients
  foodScope: 'ALL' | 'NORMAL' | 'DYSPHAGIA';
  orderType: 'ALL' | 'PATIENT' | 'CAREGIVER';
  layout?: 'A4' | 'LABEL80';
  type?: 'MENU' | 'MENU_SET' | 'SET' | 'SPECIFIC';
};

/** A report screen (Controller): the filters of SPEC.md §5, all required, then the file through its signed link. */
export function ReportPage({ kind }: { kind: ReportKind }) {
  const { t, i18n } = useTranslation(NS);
  const reviewReason = useReviewReasonLabel();
  const { notification } = App.useApp();
  const session = useSession();
  const branchCode = session.userInfo?.current?.branchCode ?? '';
  const choices = useReportChoices(branchCode);
  const generate = useGenerateReport(kind);
  const [form] = Form.useForm<Values>();
  const { todayPicker } = useBranchToday();
  const [result, setResult] = useState<ReportLink | null>(null);
  const en = i18n.language === 'en';
  const name = (o: Option) => localName(o, en ? 'en' : 'th');
  const wardTypes = Form.useWatch('wardTypeIds', form) ?? [ALL];
  const wards = Form.useWatch('wardIds', form) ?? [ALL];
  const date = Form.useWatch('dateOrder', form) ?? todayPicker;
  const layout = Form.useWatch('layout', form) ?? 'A4';

  // every choice shows its code and is found by its code or either name (wards, rooms, … alike)
  const opts = (list: Option[] | undefined) => [{ value: ALL, label: t('all') }, ...placeOptions(list, en ? 'en' : 'th')];
  const c = choices.data;
  const wardList = (c?.wards ?? []).filter((w) => wardTypes.includes(ALL) || wardTypes.includes(w.wardTypeId ?? -1));
  const roomList = (c?.rooms ?? []).filter((r) =>
    (wards.includes(ALL) ? wardList.some((w) => w.id === r.wardId) : wards.includes(r.wardId ?? -1)));
  const allergyOpts = [
    { value: ALL, label: t('all') },
    { label: t('allergens'), options: (c?.allergens ?? []).map((o) => ({ value: `A:${o.id}`, label: `${o.code} · ${name(o)}` })) },
    { label: t('restricted'), options: (c?.restricted ?? []).map((o) => ({ value: `R:${o.id}`, label: `${o.code} · ${name(o)}` })) },
  ];

  const submit = (v: Values) => {
    const body = {
      branchCode,
      dateOrder: v.dateOrder.format('YYYY-MM-DD'),
      mealTimeIds: choice(v.mealTimeIds),
      wardTypeIds: choice(v.wardTypeIds),
      wardIds: choice(v.wardIds),
      roomIds: choice(v.roomIds),
      cuisineTypeIds: choice(v.cuisineTypeIds),
      dietTypeIds: choice(v.dietTypeIds),
      therapeuticIds: choice(v.therapeuticIds),
      ...allergyChoice(v.allergy),
      foodScope: v.foodScope,
      orderType: v.orderType,
      ...(kind === 'meal-card' ? { layout: v.layout } : {}),
      ...(kind === 'kitchen' ? { type: v.type } : {}),
    } as const;
    generate.mutate(body, {
      onSuccess: (link) => {
        setResult(link);
        if (!link) {
          notification.error({ message: t(kind === 'meal-card' ? 'notFoundCards' : 'notFoundKitchen') });
        }
      },
    });
  };

  const multi = (field: keyof Values, label: string, options: SelectProps['options'], testId: string) => (
    <Form.Item name={field} label={label} rules={[{ required: true, message: t('required') }]}
      getValueFromEvent={(next: Multi) => normalise(next, form.getFieldValue(field) as Multi)}>
      <FieldSelect mode="multiple" options={options} {...placeSearch} data-testid={testId} style={{ minWidth: 220 }} />
    </Form.Item>
  );

  const reasons = (h: Held) => h.reviewReasons.map((r) => <Tag key={r} color="orange">{reviewReason(r)}</Tag>);

  return (
    <ScreenFrame title={t(`${kind}.title`)} subtitle={t(`${kind}.subtitle`)} testId={`report-${kind}-page`}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          dateOrder: todayPicker, mealTimeIds: [ALL], wardTypeIds: [ALL], wardIds: [ALL], roomIds: [ALL], cuisineTypeIds: [ALL],
          dietTypeIds: [ALL], therapeuticIds: [ALL], allergy: [ALL], foodScope: 'ALL', orderType: 'ALL', layout: 'A4', type: 'MENU_SET',
        }}
        data-testid="report-form"
      >
        <Space wrap align="start" size="middle">
          <Form.Item name="dateOrder" label={t('date')} rules={[{ required: true, message: t('required') }]}>
            <DatePicker allowClear={false} format={pickerFormat(en ? 'en' : 'th')} locale={en ? undefined : THAI_PICKER}
              data-testid="report-date" />
          </Form.Item>
          {multi('mealTimeIds', t('mealType'), opts(c?.mealTypes), 'report-meal')}
          {multi('wardTypeIds', t('wardType'), opts(c?.wardTypes), 'report-ward-type')}
          {multi('wardIds', t('ward'), opts(wardList), 'report-ward')}
          {multi('roomIds', t('room'), opts(roomList), 'report-room')}
          {multi('cuisineTypeIds', t('cuisine'), opts(c?.cuisines), 'report-cuisine')}
          {multi('dietTypeIds', t('diet'), opts(c?.diets), 'report-diet')}
          {multi('therapeuticIds', t('therapeutic'), opts(c?.therapeutics), 'report-therapeutic')}
          {multi('allergy', t('allergy'), allergyOpts, 'report-allergy')}
          <Form.Item name="foodScope" label={t('foodScope')} rules={[{ required: true, message: t('required') }]}>
            <FieldSelect data-testid="report-scope" style={{ minWidth: 180 }}
              options={['ALL', 'NORMAL', 'DYSPHAGIA'].map((v) => ({ value: v, label: t(`scope.${v}`) }))} />
          </Form.Item>
          <Form.Item name="orderType" label={t('orderType')} rules={[{ required: true, message: t('required') }]}>
            <FieldSelect data-testid="report-order-type" style={{ minWidth: 180 }}
              options={['ALL', 'PATIENT', 'CAREGIVER'].map((v) => ({ value: v, label: t(`orderTypes.${v}`) }))} />
          </Form.Item>
          {kind === 'meal-card' && (
            <Form.Item name="layout" label={t('layout')} rules={[{ required: true, message: t('required') }]}>
              <RadioGroupField data-testid="report-layout"
                options={['A4', 'LABEL80'].map((v) => ({ value: v, label: t(`layouts.${v}`) }))} />
            </Form.Item>
          )}
          {kind === 'kitchen' && (
            <Form.Item name="type" label={t('kitchenType')} rules={[{ required: true, message: t('required') }]}>
              <FieldSelect data-testid="report-kitchen-type" style={{ minWidth: 200 }}
                options={['MENU', 'MENU_SET', 'SET', 'SPECIFIC'].map((v) => ({ value: v, label: t(`kitchenTypes.${v}`) }))} />
            </Form.Item>
          )}
        </Space>
        <Button type="primary" htmlType="submit" icon={<DownloadOutlined />} loading={generate.isPending} data-testid="report-download">
          {t(`${kind}.download`)}
        </Button>
      </Form>
      {result?.url && (
        <Alert type="success" showIcon data-testid="report-ready"
          message={t('ready', { count: result.count, file: result.fileName })}
          description={<a href={result.url} download={result.fileName} data-testid="report-link">{t('again')}</a>} />
      )}
      {result && (result.notInType ?? 0) > 0 && (
        <Alert type="warning" showIcon data-testid="report-not-in-type" message={t('notInType', { count: result.notInType })} />
      )}
      {result && result.needsReview.length > 0 && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon data-testid="report-held"
            message={result.url ? t('held', { count: result.needsReview.length }) : t('allHeld', { count: result.needsReview.length })} />
          <Table<Held> rowKey="orderId" size="small" pagination={false} dataSource={result.needsReview} data-testid="report-held-table"
            columns={[
              { key: 'hn', title: 'HN', render: (_, h) => <Typography.Text strong>{h.hnId}</Typography.Text> },
              { key: 'name', title: t('name'), render: (_, h) => <>{h.name}{h.caregiver && <Tag style={{ marginInlineStart: 8 }}>{t('caregiver')}</Tag>}</> },
              { key: 'ward', title: t('ward'), render: (_, h) => `${h.ward} ${h.room}` },
              { key: 'meal', title: t('mealType'), dataIndex: 'mealType' },
              { key: 'reasons', title: t('reasons'), render: (_, h) => reasons(h) },
            ]} />
        </Space>
      )}
      {kind === 'meal-card' && <ReprintCards branchCode={branchCode} dateOrder={date.format('YYYY-MM-DD')} layout={layout} />}
    </ScreenFrame>
  );
}
