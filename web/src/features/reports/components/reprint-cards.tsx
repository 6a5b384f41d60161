import { Alert, App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrinterOutlined } from '@/components/icons';
import { NS } from '@/features/reports/i18n';
import { MovedTable } from '@/features/reports/components/moved-table';
import { allOf, useGenerateReport, useReprintCards, type ReportLink } from '@/features/reports/api/reports';

/**
 * The cards to reprint (meal-card screen): the date's trays whose patient moved (ward or bed) after the card was printed —
 * the card names the old bed. Printed on their own (generatePDF with reprint: true), which clears the mark.
 */
export function ReprintCards({ branchCode, dateOrder, layout }: { branchCode: string; dateOrder: string; layout: string }) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const list = useReprintCards(branchCode, dateOrder);
  const print = useGenerateReport('meal-card');
  const [result, setResult] = useState<ReportLink | null>(null);
  const items = list.data?.items ?? [];
  const printable = items.filter((m) => !m.needsReview).length;

  const reprint = () => {
    setResult(null);
    print.mutate({ ...allOf(branchCode, dateOrder), layout, reprint: true }, {
      onSuccess: (link) => {
        setResult(link);
        if (!link) notification.info({ message: t('moved.none') });
      },
    });
  };

  return (
    <section aria-labelledby="reprint-title" data-testid="reprint-section" style={{ marginTop: 24 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Title level={4} id="reprint-title" style={{ margin: 0 }}>
          {t('moved.title')}
        </Typography.Title>
        {/* not antd's secondary grey (3.4:1 on white): the screens' muted text colour, 5.6:1 */}
        <Typography.Text style={{ color: '#5b6b6a' }}>{t('moved.subtitle')}</Typography.Text>
        <MovedTable items={items} testId="reprint-table" />
        <Button icon={<PrinterOutlined />} disabled={printable === 0} loading={print.isPending} onClick={reprint} data-testid="reprint-print">
          {t('moved.print', { count: printable })}
        </Button>
        {result?.url && (
          <Alert type="success" showIcon data-testid="reprint-ready"
            message={t('ready', { count: result.count, file: result.fileName })}
            description={<a href={result.url} download={result.fileName} data-testid="reprint-link">{t('again')}</a>} />
        )}
      </Space>
    </section>
  );
}
