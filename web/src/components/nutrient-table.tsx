// A patient's day against the nutrition targets (issue 27): the day so far and, on the order
// form, what the tray adds; and the limits a day or a tray goes over, each with its figures.
// Guidance only: nothing here refuses an order.
import { Alert, Space, Typography, type TableColumnsType } from 'antd';
import { WarningOutlined } from '@/components/icons';
import { Table } from '@/components/table';
import { useTranslation } from 'react-i18next';
import { NS } from '@/components/texts';
import type { Amounts, NutrientWarning, PatientDay, Target } from '@/lib/api/get-nutrition-days';
import { NUTRIENTS, amountText, rangeText, type Nutrient } from '@/lib/nutrients';

type Row = { nutrient: Nutrient; target?: Target };

type Props = {
  targets: Target[];
  /** the day's orders (on the form: but the meal's own, which the tray replaces) */
  soFar: Amounts;
  /** the tray on the form, and the day with it */
  tray?: Amounts;
  after?: Amounts;
  testId?: string;
};

/** The nutrients with a target, or that the day or tray gives, one row each. */
export function NutrientTable({ targets, soFar, tray, after, testId }: Props) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const rows: Row[] = NUTRIENTS.filter((n) => targets.some((x) => x.nutrient === n) || soFar[n] || tray?.[n]).map((n) => ({
    nutrient: n,
    target: targets.find((x) => x.nutrient === n),
  }));
  const over = (r: Row, v: number | undefined) => v !== undefined && r.target?.dailyMax != null && v > r.target.dailyMax;
  const figure = (r: Row, v: number | undefined) =>
    over(r, v) ? (
      <Typography.Text type="danger" strong>
        <WarningOutlined aria-hidden /> {amountText(v ?? 0, r.nutrient, lang)} <span className="sr-only">{t('nutrition.overShort')}</span>
      </Typography.Text>
    ) : (
      amountText(v ?? 0, r.nutrient, lang)
    );
  const columns: TableColumnsType<Row> = [
    { key: 'nutrient', title: t('nutrition.nutrient'), render: (_, r) => t(`nutrition.names.${r.nutrient}`) },
    { key: 'soFar', title: t(tray ? 'nutrition.soFar' : 'nutrition.day'), align: 'right', render: (_, r) => figure(r, soFar[r.nutrient]) },
    ...(tray
      ? ([
          { key: 'tray', title: t('nutrition.tray'), align: 'right', render: (_: unknown, r: Row) => amountText(tray[r.nutrient] ?? 0, r.nutrient, lang) },
          { key: 'after', title: t('nutrition.after'), align: 'right', render: (_: unknown, r: Row) => figure(r, after?.[r.nutrient]) },
        ] satisfies TableColumnsType<Row>)
      : []),
    {
      key: 'target',
      title: t('nutrition.target'),
      render: (_, r) => {
        if (!r.target) return <Typography.Text type="secondary">{t('nutrition.noTarget')}</Typography.Text>;
        const day = rangeText(r.target.dailyMin, r.target.dailyMax, r.nutrient, lang);
        const meal = rangeText(r.target.mealMin, r.target.mealMax, r.nutrient, lang);
        return [day && t('nutrition.perDay', { range: day }), meal && t('nutrition.perMeal', { range: meal })].filter(Boolean).join(' · ') +
          (r.target.own ? ` (${t('nutrition.own')})` : '');
      },
    },
  ];
  return <Table rowKey="nutrient" size="small" pagination={false} columns={columns} dataSource={rows} data-testid={testId} />;
}

/** The limits gone over, each with its figures, as one warning. */
export function NutrientWarnings({ warnings, tray }: { warnings: NutrientWarning[]; tray: boolean }) {
  const { t, i18n } = useTranslation(NS);
  if (warnings.length === 0) return null;
  const lang = i18n.language;
  const line = (w: NutrientWarning) =>
    t(w.limit === 'MEAL_MAX' ? 'nutrition.overMeal' : tray ? 'nutrition.overDayWithTray' : 'nutrition.overDay', {
      nutrient: t(`nutrition.names.${w.nutrient}`),
      total: amountText(w.total, w.nutrient, lang),
      max: amountText(w.max, w.nutrient, lang),
    });
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="nutrition-warning"
      message={t(tray ? 'nutrition.warningTitle' : 'nutrition.overTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {warnings.map((w) => (
            <li key={`${w.limit}-${w.nutrient}`}>{line(w)}</li>
          ))}
        </ul>
      }
    />
  );
}

/** One line of a patient's day for a list (the meal round): energy against its range, and each limit gone over. */
export function DayBrief({ day }: { day?: PatientDay }) {
  const { t, i18n } = useTranslation(NS);
  if (!day) return null;
  const lang = i18n.language;
  const energy = day.targets.find((x) => x.nutrient === 'energy');
  const range = energy ? rangeText(energy.dailyMin, energy.dailyMax, 'energy', lang) : '';
  return (
    <Space direction="vertical" size={0} data-testid="day-brief">
      <Typography.Text>
        {t('nutrition.names.energy')} {amountText(day.totals.energy ?? 0, 'energy', lang)}
        {range && <Typography.Text type="secondary"> / {range}</Typography.Text>}
      </Typography.Text>
      {day.over.map((w) => (
        <Typography.Text key={w.nutrient} type="danger" data-testid="day-over">
          <WarningOutlined aria-hidden />{' '}
          {t('nutrition.overBrief', { nutrient: t(`nutrition.names.${w.nutrient}`), total: amountText(w.total, w.nutrient, lang), max: amountText(w.max, w.nutrient, lang) })}
        </Typography.Text>
      ))}
    </Space>
  );
}
