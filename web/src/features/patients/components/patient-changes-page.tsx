import { App, Button, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightOutlined, DownloadOutlined } from '@/components/icons';
import { DatePicker } from '@/components/date-picker';
import { NS } from '@/features/patients/i18n';
import { useChangeLog } from '@/features/patients/api/get-change-log';
import { useDownloadChangeLog } from '@/features/patients/api/download-change-log';
import { useLabels } from '@/features/patients/use-labels';
import type { Change } from '@/features/patients/types';
import { PagedList, pagedListSpec } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { useListState, type Param } from '@/lib/use-list-state';

/** A day of the address (`YYYY-MM-DD`); empty: the server's default (the last 30 days). */
const dayParam: Param<string> = {
  fallback: '',
  parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw, 'YYYY-MM-DD').isValid() ? raw : undefined),
  format: (v) => v,
};

/** The record's state in the address: `?q=<HN>&from=&to=&page=&size=`. */
const LIST = pagedListSpec([], { from: dayParam, to: dayParam });

/** The patient change record (Controller, /auth/report/patient): per patient and dates, every field before and after, who and when. */
export default function PatientChangesPage() {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const labels = useLabels();
  const [state, setState] = useListState(LIST);
  const { q: hnId, from, to, page, size } = state;
  const list = useChangeLog({ hnId, dateFrom: from, dateTo: to, page, size });
  const download = useDownloadChangeLog();

  const downloadFile = () =>
    download.mutate(
      { hnId, dateFrom: from, dateTo: to },
      {
        onSuccess: (f) => {
          if (!f) notification.error({ message: t('list.dataNotFound') });
        },
      },
    );

  const shown = (field: string, v: unknown) => labels.value(field, v) || t('list.none');
  const columns: TableColumnsType<Change> = [
    { key: 'changedAt', title: t('changes.when'), width: 150, render: (_, c) => labels.dateTime(c.changedAt) },
    {
      key: 'patient', title: t('changes.patient'), width: 200,
      render: (_, c) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{c.hnId}</Typography.Text>
          <Typography.Text>{c.name}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'source', title: t('changes.source'), width: 170,
      render: (_, c) => (
        <Space direction="vertical" size={2}>
          <Tag color={c.action === 'create' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>{t(`changes.${c.action}`)}</Tag>
          <Typography.Text data-testid="change-source">{c.source ? t(`enum.source.${c.source}`, { defaultValue: c.source }) : ''}</Typography.Text>
        </Space>
      ),
    },
    { key: 'changedBy', title: t('changes.who'), width: 110, render: (_, c) => <span data-testid="change-by">{c.changedBy}</span> },
    {
      key: 'fields', title: `${t('changes.field')} · ${t('changes.before')} → ${t('changes.after')}`,
      render: (_, c) =>
        c.fields.length === 0 ? (
          <Typography.Text type="secondary">{t('changes.noFields')}</Typography.Text>
        ) : (
          <table className="change-fields" style={{ borderCollapse: 'collapse', width: '100%' }}>
            <tbody>
              {c.fields.map((f) => (
                <tr key={f.field} data-testid="change-field" data-field={f.field}>
                  <th scope="row" style={{ textAlign: 'start', fontWeight: 500, padding: '2px 8px 2px 0', width: '30%', verticalAlign: 'top' }}>{f.label}</th>
                  <td style={{ padding: '2px 8px', verticalAlign: 'top' }} data-testid="change-before">
                    <Typography.Text type="secondary" delete={c.action === 'update'}>{shown(f.field, f.before)}</Typography.Text>
                  </td>
                  <td style={{ padding: '2px 4px', verticalAlign: 'top' }} aria-hidden>
                    <ArrowRightOutlined />
                  </td>
                  <td style={{ padding: '2px 0 2px 8px', verticalAlign: 'top' }} data-testid="change-after">
                    <Typography.Text>{shown(f.field, f.after)}</Typography.Text>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ),
    },
  ];

  const range: [Dayjs | null, Dayjs | null] = [from ? dayjs(from) : null, to ? dayjs(to) : null];
  const format = labels.lang === 'th' ? (d: Dayjs) => d.format('D MMM BBBB') : 'D MMM YYYY';

  return (
    <ScreenFrame title={t('changes.title')} subtitle={t('changes.subtitle')} testId="patient-changes-page">
      <PagedList<Change>
        state={state}
        onChange={setState}
        search={{ placeholder: t('changes.hn'), testId: 'changes-hn', width: 260 }}
        filters={
          <Space direction="vertical" size={0}>
            <DatePicker.RangePicker
              aria-label={t('changes.dates')}
              value={range}
              allowEmpty={[true, true]}
              format={format}
              onChange={(v) => setState({ from: v?.[0]?.format('YYYY-MM-DD') ?? '', to: v?.[1]?.format('YYYY-MM-DD') ?? '' })}
              data-testid="changes-dates"
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('changes.datesHint')}</Typography.Text>
          </Space>
        }
        actions={
          <>
            <Link to="/auth/patient">{t('changes.openList')}</Link>
            <Button icon={<DownloadOutlined />} onClick={downloadFile} loading={download.isPending} data-testid="changes-download">
              {t('changes.download')}
            </Button>
          </>
        }
        columns={columns}
        list={list}
        scrollX={900}
        testId="changes-table"
      />
    </ScreenFrame>
  );
}
