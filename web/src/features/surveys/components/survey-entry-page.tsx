import { App, Button, Drawer, Input, Modal, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QrcodeOutlined } from '@/components/icons';
import { DatePicker } from '@/components/date-picker';
import { Table } from '@/components/table';
import { useSearchBoxParts } from '@/components/search-box-parts';
import { useEnterSurvey } from '@/features/surveys/api/enter-survey';
import { useTrays } from '@/features/surveys/api/get-trays';
import { useWards } from '@/lib/api/get-wards';
import { dayParam, usePickerLocale } from '@/components/report-filters';
import { SurveyForm } from '@/features/surveys/components/survey-form';
import { NS } from '@/features/surveys/i18n';
import type { Tray } from '@/features/surveys/types';
import { surveyPath, textOn } from '@/features/surveys/values';
import { QrCode } from '@/components/qr-code';
import { ScreenFrame } from '@/components/screen-frame';
import { isApiError } from '@/lib/api-client';
import { textParam, useListState, type Param } from '@/lib/use-list-state';
import { useBranchToday } from '@/lib/use-branch-today';
import { useSession } from '@/lib/use-session';
import { localName } from '@/lib/names';
import { placeOptions, placeSearch } from '@/lib/place-options';

/** A meal type or ward filter: an id, or empty for all. */
const idParam: Param<string> = { fallback: '', parse: (raw) => (/^[1-9][0-9]{0,17}$/.test(raw) ? raw : undefined), format: (v) => v };

/** The screen's state in the address: `?date=&meal=&ward=&q=` (no date: today). */
const STATE = { date: dayParam, meal: idParam, ward: idParam, q: textParam() };

/**
 * Survey entry (Serve, Controller; /auth/survey/entry): the branch's trays of a day, meal and
 * ward; staff enter a patient's answers (source STAFF) or show the tray's survey QR again.
 */
export default function SurveyEntryPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const { notification } = App.useApp();
  const { userInfo } = useSession();
  const branchCode = userInfo?.current?.branchCode ?? '';
  const [state, setState] = useListState(STATE);
  const { today } = useBranchToday();
  const date = state.date || today;
  const trays = useTrays({ date, mealTimeId: state.meal, wardId: state.ward, q: state.q });
  // the meal types of the day's trays, whatever is chosen (the same query when nothing is)
  const dayTrays = useTrays({ date, mealTimeId: '', wardId: '', q: '' });
  const wards = useWards(branchCode);
  const enter = useEnterSurvey();
  const [open, setOpen] = useState<Tray | null>(null);
  const [qr, setQr] = useState<Tray | null>(null);
  const [typed, setTyped] = useState(state.q);
  const searchParts = useSearchBoxParts();
  const picker = usePickerLocale();
  const name = (r: { nameTh: string; nameEn: string }) => localName(r, lang);

  const mealTypes = useMemo(() => {
    const seen = new Map<number, Tray['mealType']>();
    for (const tr of dayTrays.data ?? []) seen.set(tr.mealType.id, tr.mealType);
    return [...seen.values()];
  }, [dayTrays.data]);

  const save = (answers: Parameters<typeof enter.mutate>[0]['answers'], comment: string) => {
    if (!open) return;
    enter.mutate({ orderId: open.orderId, answers, comment }, {
      onSuccess: () => {
        notification.success({ message: t('entry.saved') });
        setOpen(null);
      },
      onError: (e) => {
        if (isApiError(e) && e.status === 409) {
          notification.warning({ message: t('entry.alreadyAnswered') });
          setOpen(null);
        } else if (isApiError(e) && !e.fields && !e.handled) {
          notification.error({ message: e.message });
        }
      },
    });
  };

  const wardRoom = (r: Tray) => [r.ward, r.room].filter(Boolean).join(' / ');
  const patient = (r: Tray) => (
    <>
      <span data-testid="tray-name">{r.name}</span>
      {r.caregiver && <Tag style={{ marginInlineStart: 6 }}>{t('entry.caregiver')}</Tag>}
    </>
  );
  const meal = (r: Tray) => <Tag color={r.mealType.color} style={{ color: textOn(r.mealType.color) }}>{name(r.mealType)}</Tag>;
  const answered = (r: Tray) => (r.answered
    ? <Tag color="green" data-testid="tray-answered">{t('entry.answered')}</Tag>
    : <Tag data-testid="tray-not-answered">{t('entry.notAnswered')}</Tag>);
  const actions = (r: Tray) => (
    <Space wrap>
      <Button type="primary" disabled={r.answered} onClick={() => { enter.reset(); setOpen(r); }} data-testid="tray-enter">{t('entry.enter')}</Button>
      <Button icon={<QrcodeOutlined />} disabled={r.answered} onClick={() => setQr(r)} aria-label={t('entry.showLink')} data-testid="tray-qr" />
    </Space>
  );

  const columns: TableColumnsType<Tray> = [
    // a phone: each tray as one stacked card (patient, bed, meal, status, the buttons), so that it fits 390 px
    {
      key: 'tray', title: t('entry.name'), responsive: ['xs'],
      render: (_, r) => (
        <Space direction="vertical" size={4} className="tray-card" data-testid="tray-card">
          <div style={{ fontWeight: 600 }}>{patient(r)}</div>
          <div style={{ color: '#5b6b6a' }}>{r.hnId} · {wardRoom(r)}</div>
          <div>{meal(r)}{answered(r)}</div>
          {actions(r)}
        </Space>
      ),
    },
    { key: 'ward', title: t('entry.wardRoom'), responsive: ['sm'], render: (_, r) => wardRoom(r) },
    { key: 'hn', title: t('entry.hn'), dataIndex: 'hnId', responsive: ['sm'] },
    { key: 'name', title: t('entry.name'), responsive: ['sm'], render: (_, r) => patient(r) },
    { key: 'meal', title: t('entry.meal'), responsive: ['sm'], render: (_, r) => meal(r) },
    { key: 'answered', title: t('entry.status'), responsive: ['sm'], render: (_, r) => answered(r) },
    { key: 'actions', title: '', width: 220, responsive: ['sm'], render: (_, r) => actions(r) },
  ];

  return (
    <ScreenFrame title={t('entry.title')} subtitle={t('entry.subtitle')} testId="survey-entry-page">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <DatePicker
            aria-label={t('entry.date')}
            value={dayjs(date)}
            format={picker.format}
            locale={picker.locale}
            allowClear={false}
            onChange={(d) => setState({ date: d ? d.format('YYYY-MM-DD') : '' })}
            data-testid="entry-date"
          />
          <Select
            aria-label={t('entry.meal')}
            style={{ width: 180 }}
            value={state.meal}
            onChange={(meal) => setState({ meal })}
            options={[{ value: '', label: t('entry.allMeals') }, ...mealTypes.map((m) => ({ value: String(m.id), label: name(m) }))]}
            data-testid="entry-meal"
          />
          <Select
            aria-label={t('entry.ward')}
            style={{ width: 220 }}
            value={state.ward}
            onChange={(ward) => setState({ ward })}
            {...placeSearch}
            options={[{ value: '', label: t('entry.allWards') }, ...placeOptions(wards.data, lang, (w) => String(w.id))]}
            data-testid="entry-ward"
          />
          <Input.Search
            {...searchParts}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (e.target.value === '' && state.q !== '') setState({ q: '' });
            }}
            onSearch={(v) => setState({ q: v.trim() })}
            placeholder={t('entry.search')}
            aria-label={t('entry.search')}
            style={{ width: 240, maxWidth: '100%' }}
            data-testid="entry-search"
          />
        </Space>
        <Table<Tray>
          rowKey="orderId"
          size="middle"
          columns={columns}
          dataSource={trays.data ?? []}
          loading={trays.isFetching}
          locale={{ emptyText: t('entry.empty') }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          data-testid="entry-table"
        />
      </Space>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open && t('entry.formTitle', { name: open.name })}
        width={520}
        destroyOnHidden
        maskClosable={false}
        data-testid="entry-drawer"
      >
        {open && (
          <>
            <Typography.Paragraph type="secondary">
              {[open.hnId, [open.ward, open.room].filter(Boolean).join(' / '), name(open.mealType)].join(' · ')}
            </Typography.Paragraph>
            <SurveyForm
              label={(q) => t(`question.${q}`)}
              submitLabel={t('entry.save')}
              sending={enter.isPending}
              onSubmit={save}
              fieldErrors={isApiError(enter.error) ? enter.error.fields : undefined}
            />
          </>
        )}
      </Drawer>
      <Modal open={qr !== null} onCancel={() => setQr(null)} footer={null} title={t('entry.linkTitle')} destroyOnHidden>
        {qr && (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <QrCode value={qr.surveyUrl} size={240} alt={t('entry.showLink')} testId="entry-qr" />
            <Typography.Text type="secondary">{qr.name} · {name(qr.mealType)}</Typography.Text>
            <Link to={surveyPath(qr.surveyUrl)} target="_blank" rel="noopener" data-testid="entry-link">{t('entry.openLink')}</Link>
          </Space>
        )}
      </Modal>
    </ScreenFrame>
  );
}
