import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { NutrientTable, NutrientWarnings } from '@/components/nutrient-table';
import { NS } from '@/components/texts';
import { useCheckTray, type TrayBody } from '@/features/orders/api/check-tray';

/**
 * The patient's day against the nutrition targets while a tray is chosen (issue 27): the day
 * so far, this tray, the day with it, and a warning with the figures when the tray takes the
 * day, or the meal, over a limit. A warning, never a block.
 */
export function TrayNutrition(body: TrayBody) {
  const { t } = useTranslation(NS);
  const q = useCheckTray(body, body.hnId !== '' && body.dateOrder !== '' && body.mealTimeId > 0);
  if (!q.data) return null;
  return (
    <Card size="small" title={t('nutrition.trayTitle')} data-testid="tray-nutrition">
      <Space direction="vertical" style={{ width: '100%' }}>
        <NutrientWarnings warnings={q.data.warnings} tray />
        <NutrientTable targets={q.data.day.targets} soFar={q.data.day.totals} tray={q.data.tray} after={q.data.after} />
      </Space>
    </Card>
  );
}
