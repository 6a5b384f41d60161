import { Alert, Descriptions, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/patients/i18n';
import { reportCounts, reportPatients, reportWarnings, type SyncJob, type SyncReport } from '@/features/patients/sync';
import { localName } from '@/lib/names';

/** The report's warnings, one line each (the EU-14 group names from the common texts). */
function SyncWarnings({ report }: { report: SyncReport | null | undefined }) {
  const { t } = useTranslation(NS);
  const { shown, more } = reportWarnings(report);
  if (shown.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      message={t('sync.warningsTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {shown.map((w, i) => (
            <li key={`${w.hnId}-${w.kind}-${w.code}-${i}`}>
              {t(`sync.warnings.${w.kind}`, {
                hn: w.hnId,
                code: w.code,
                display: w.display || w.code,
                groups: (w.groups ?? []).map((g) => t(`allergenGroups.${g}`, { ns: 'common', defaultValue: g })).join(', '),
              })}
            </li>
          ))}
          {more > 0 && <li>{t('sync.warningsMore', { count: more })}</li>}
        </ul>
      }
      data-testid="sync-warnings"
    />
  );
}

/** The patients a finished sync changed, by kind, each a link to its change record. */
function SyncPatients({ report }: { report: SyncReport | null | undefined }) {
  const { t, i18n } = useTranslation(NS);
  const lists = reportPatients(report);
  if (lists.length === 0) return null;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }} data-testid="sync-patients">
      {lists.map((l) => (
        <div key={l.kind} data-kind={l.kind}>
          <Typography.Text strong>{t(`sync.counts.${l.kind}`)}</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {l.items.map((it) => (
              <li key={it.hnId}>
                <Link to={`/auth/report/patient?q=${encodeURIComponent(it.hnId)}`} data-testid="sync-patient">
                  {it.hnId}
                </Link>{' '}
                {localName({ nameTh: it.nameTh, nameEn: it.nameEn }, i18n.language)}
                {it.ward ? ` · ${it.ward}${it.room ? ` ${it.room}` : ''}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Space>
  );
}

/**
 * A finished sync's report: the census, every count, the warnings and — in the history — the
 * patients it changed (the dialog shows the counts only).
 */
export function SyncReportView({ job, withPatients = false }: { job: SyncJob; withPatients?: boolean }) {
  const { t } = useTranslation(NS);
  return <ReportView report={job.report} title={t('sync.census', { count: job.report?.census ?? job.census })} withPatients={withPatients} />;
}

/** A report of what the hospital changed (a sync's, a feed day's): its counts, warnings and, asked, the patients. */
export function ReportView({ report, title, withPatients = false }: { report: SyncReport | null | undefined; title: string; withPatients?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={2} data-testid="sync-report" title={title}>
        {reportCounts(report).map((c) => (
          <Descriptions.Item key={c.key} label={t(`sync.counts.${c.key}`)}>
            <span data-testid={`sync-count-${c.key}`}>{c.value}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <SyncWarnings report={report} />
      {withPatients && <SyncPatients report={report} />}
    </Space>
  );
}
