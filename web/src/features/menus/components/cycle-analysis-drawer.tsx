import { Alert, Drawer, Select, Space, Typography, type TableColumnsType } from 'antd';
import { Table } from '@/components/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS as COMPONENTS } from '@/components/texts';
import { amountText, rangeText, type Nutrient } from '@/lib/nutrients';
import { useCycleAnalysis, type CycleAnalysisDay } from '@/features/menus/api/cycle-analysis';
import { useMasterRows } from '@/features/menus/api/get-master-rows';
import { NS } from '@/features/menus/i18n';
import { localName, type Cycle } from '@/features/menus/types';

/**
 * A round planned against a diet's nutrition targets (issue 27): per day the average of its
 * meals' trays (the lightest and heaviest day beneath), the days out of range named.
 */
export function CycleAnalysisDrawer({ cycle, branchCode, onClose }: { cycle: Cycle | null; branchCode: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const { t: tc } = useTranslation(COMPONENTS);
  const lang = i18n.language;
  const diets = useMasterRows('DietType', branchCode);
  const therapeutics = useMasterRows('Therapeutic', branchCode);
  const [diet, setDiet] = useState<number | undefined>();
  const [therapeutic, setTherapeutic] = useState<number | undefined>();
  const a = useCycleAnalysis({ branchCode, cycleId: cycle?.id ?? 0, dietTypeId: diet ?? 0, therapeuticId: therapeutic });
  const data = a.data;
  const dayLabel = (n: number) => (cycle?.roundType === 'WEEKDAY' ? t(`weekday.${n}`) : t('grid.day', { n }));
  const nutrients = (data?.targets ?? []).map((x) => x.nutrient);
  const option = (r: { id: number; code: string; nameTh: string; nameEn: string }) => ({ value: r.id, label: `${r.code} · ${localName(r, lang)}` });

  const cell = (d: CycleAnalysisDay, n: Nutrient) => {
    const out = d.outOfRange.filter((o) => o.nutrient === n && o.limit !== 'MEAL_MAX');
    const v = amountText(d.average[n] ?? 0, n, lang);
    return (
      <Space direction="vertical" size={0}>
        {out.length > 0 ? (
          <Typography.Text type="danger" strong>
            {v} · {tc(`nutrition.names.${n}`)} {t(`analysis.${out[0].limit}`, { bound: amountText(out[0].bound, n, lang) })}
          </Typography.Text>
        ) : (
          <span>{v}</span>
        )}
        <Typography.Text type="secondary">{rangeText(d.min[n] ?? 0, d.max[n] ?? 0, n, lang)}</Typography.Text>
      </Space>
    );
  };
  const columns: TableColumnsType<CycleAnalysisDay> = [
    { key: 'day', title: t('grid.dayColumn'), width: 120, render: (_, d) => <strong>{dayLabel(d.dayNo)}</strong> },
    ...nutrients.map((n) => {
      const target = data?.targets.find((x) => x.nutrient === n);
      return {
        key: n,
        title: `${tc(`nutrition.names.${n}`)} (${rangeText(target?.dailyMin, target?.dailyMax, n, lang) || '–'})`,
        render: (_: unknown, d: CycleAnalysisDay) => cell(d, n),
      };
    }),
    {
      key: 'meals',
      title: t('analysis.mealsOver'),
      render: (_, d) =>
        d.outOfRange
          .filter((o) => o.limit === 'MEAL_MAX')
          .map((o) => {
            const m = d.meals.find((x) => x.mealTimeId === o.mealTimeId);
            return `${m ? localName({ nameTh: m.mealTimeNameTh, nameEn: m.mealTimeNameEn }, lang) : ''}: ${tc(`nutrition.names.${o.nutrient}`)} ${amountText(o.value, o.nutrient, lang)}`;
          })
          .join('; '),
    },
  ];

  return (
    <Drawer open={cycle !== null} onClose={onClose} width={1000} destroyOnHidden title={cycle ? t('analysis.title', { name: localName(cycle, lang) }) : ''} data-testid="cycle-analysis">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('analysis.hint')}</Typography.Text>
        <Space wrap>
          <Select
            style={{ minWidth: 240 }}
            placeholder={t('analysis.diet')}
            aria-label={t('analysis.diet')}
            value={diet}
            onChange={setDiet}
            options={(diets.data?.items ?? []).map(option)}
            data-testid="analysis-diet"
          />
          <Select
            style={{ minWidth: 240 }}
            allowClear
            placeholder={t('analysis.therapeutic')}
            aria-label={t('analysis.therapeutic')}
            value={therapeutic}
            onChange={setTherapeutic}
            options={(therapeutics.data?.items ?? []).map(option)}
          />
        </Space>
        {!diet && <Alert type="info" showIcon message={t('analysis.pick')} />}
        {data && nutrients.length === 0 && <Alert type="info" showIcon message={t('analysis.noTargets')} />}
        {data && data.outOfRangeDays.length > 0 && (
          <Alert type="warning" showIcon data-testid="analysis-out" message={t('analysis.outDays', { days: data.outOfRangeDays.map(dayLabel).join(', ') })} />
        )}
        {data && data.outOfRangeDays.length === 0 && nutrients.length > 0 && <Alert type="success" showIcon message={t('analysis.allIn')} />}
        {data && (
          <>
            <Table rowKey="dayNo" size="small" pagination={false} columns={columns} dataSource={data.days} loading={a.isFetching} />
            <Typography.Text>
              {t('analysis.round')}{' '}
              {nutrients
                .map((n) => `${tc(`nutrition.names.${n}`)} ${amountText(data.average[n] ?? 0, n, lang)} (${rangeText(data.min[n] ?? 0, data.max[n] ?? 0, n, lang)})`)
                .join(' · ')}
            </Typography.Text>
          </>
        )}
      </Space>
    </Drawer>
  );
}
