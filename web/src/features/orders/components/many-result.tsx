import { Alert, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/orders/i18n';
import type { ManyResult } from '@/features/orders/types';

/**
 * What submitOrderMany / copyOrders answered: how many patients were ordered, and each refused
 * one with its problems (named by bed and name when the screen knows them: `who`).
 */
export function ManyResultView({ result, who }: { result: ManyResult; who?: (hn: string) => string }) {
  const { t } = useTranslation(NS);
  const ordered = result.ordered ?? [];
  const refused = result.refused ?? [];
  return (
    <div data-testid="many-result">
      <Alert type={refused.length > 0 ? 'warning' : 'success'} showIcon message={t('bulk.result', { ordered: ordered.length, refused: refused.length })} />
      {refused.some((r) => (r.problems ?? []).some((p) => p.code === 'FREE_TEXT')) && (
        <Alert type="info" showIcon style={{ marginTop: 8 }} message={t('freeText.copyHint')} data-testid="free-text-hint" />
      )}
      {refused.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('bulk.refused')}</Typography.Text>}
          dataSource={refused}
          data-testid="refused-list"
          renderItem={(r) => (
            <List.Item data-hn={r.hnId}>
              <Typography.Text strong>{who?.(r.hnId) || r.hnId}</Typography.Text>: {(r.problems ?? []).map((p) => p.message).join('; ')}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
