// What the patient ate over the stay (issue 27 §3): per day, the energy and protein eaten
// (collected trays × the fraction eaten) as a share of the target's minimum. A small bar chart
// for the eye, with the table beside it as its accessible alternative: every figure and each
// day's state in words, never by colour alone.
import { DownloadOutlined } from '@/components/icons';
import { App, Button, Space, Spin, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Table } from '@/components/table';
import { formatDate } from '@/lib/dates';
import { amountText, rangeText } from '@/lib/nutrients';
import { useDownloadIntake, useIntake, type DayState, type IntakeDay } from '@/features/nutrition/api/get-intake';
import { INTAKE_NUTRIENTS, barHeight, lowDays } from '@/features/nutrition/intake';
import { NS } from '@/features/nutrition/i18n';

const STATE_COLOR: Record<DayState, string> = { NO_TRAYS: 'default', NOT_COLLECTED: 'default', LOW: 'red', OK: 'green' };
// energy solid, protein hatched: told apart by shape as well as colour
const BAR = { energy: '#0f766e', protein: '#7c3aed' } as const;
const W = 28; // a day's width in the chart
const H = 96; // the chart's height

export function IntakeChart({ branchCode, hnId }: { branchCode: string; hnId: string }) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification } = App.useApp();
  const intake = useIntake(branchCode, hnId);
  const download = useDownloadIntake();
  if (!intake.data) return intake.isFetching ? <Spin /> : null;
  const { days, targets } = intake.data;
  const day = (d: string) => formatDate(`${d}T12:00:00`, lang, 'UTC');
  const target = (n: string) => targets.find((x) => x.nutrient === n);
  const full = H * (100 / 150); // the target's minimum (100 %) on the chart
  const summary = t('intake.summary', {
    from: day(intake.data.dateFrom),
    to: day(intake.data.dateTo),
    low: lowDays(intake.data),
    days: days.length,
  });

  const columns: TableColumnsType<IntakeDay> = [
    { key: 'date', title: t('intake.date'), render: (_, d) => day(d.date) },
    { key: 'trays', title: t('intake.trays'), render: (_, d) => t('intake.collectedOf', { collected: d.collected, trays: d.trays }) },
    ...INTAKE_NUTRIENTS.map((n) => ({
      key: n,
      title: t(`nutrients.${n}`),
      render: (_: unknown, d: IntakeDay) =>
        d.collected === 0 ? '—' : (
          <span data-testid={`intake-${n}`}>
            {amountText(d.eaten[n] ?? 0, n, lang)}
            {d.percent[n] !== undefined && <Typography.Text type="secondary"> ({t('intake.percent', { value: d.percent[n] })})</Typography.Text>}
          </span>
        ),
    })),
    {
      key: 'state',
      title: t('intake.state'),
      render: (_, d) => (
        <Tag color={STATE_COLOR[d.state]} data-testid="intake-state">
          {t(`intake.states.${d.state}`)}
        </Tag>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="intake-chart">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {INTAKE_NUTRIENTS.map((n) => {
          const x = target(n);
          return (
            <span key={n} style={{ marginInlineEnd: 16 }}>
              {t(`nutrients.${n}`)}: {x ? rangeText(x.dailyMin, x.dailyMax, n, lang) || '—' : t('intake.noTarget')}
            </span>
          );
        })}
      </Typography.Paragraph>
      <div style={{ overflowX: 'auto' }}>
        <svg role="img" aria-label={summary} width={days.length * W + 40} height={H + 24} data-testid="intake-svg">
          <defs>
            <pattern id="intake-hatch" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="4" height="4" fill="#fff" />
              <line x1="0" y1="0" x2="0" y2="4" stroke={BAR.protein} strokeWidth="3" />
            </pattern>
          </defs>
          <line x1={0} x2={days.length * W + 40} y1={H - full} y2={H - full} stroke="#5b6b6a" strokeDasharray="4 3" />
          <text x={days.length * W + 4} y={H - full + 4} fontSize="10" fill="#333">
            100%
          </text>
          {days.map((d, i) =>
            INTAKE_NUTRIENTS.map((n, j) => {
              const h = barHeight(d.percent[n]);
              if (h === null) return null;
              return (
                <rect
                  key={`${d.date}-${n}`}
                  x={i * W + 4 + j * 11}
                  y={H - h * H}
                  width={10}
                  height={Math.max(h * H, 1)}
                  fill={n === 'protein' ? 'url(#intake-hatch)' : BAR.energy}
                  stroke={BAR[n]}
                />
              );
            }),
          )}
          {days.map((d, i) => (
            <text key={d.date} x={i * W + 14} y={H + 14} fontSize="10" textAnchor="middle" fill="#333">
              {Number(d.date.slice(8))}
            </text>
          ))}
        </svg>
      </div>
      <Typography.Text type="secondary">
        <svg width="10" height="10" aria-hidden="true">
          <rect width="10" height="10" fill={BAR.energy} />
        </svg>{' '}
        {t('nutrients.energy')}{' '}
        <svg width="10" height="10" aria-hidden="true" style={{ marginInlineStart: 8 }}>
          <rect width="10" height="10" fill="url(#intake-hatch)" stroke={BAR.protein} />
        </svg>{' '}
        {t('nutrients.protein')} · {t('intake.legend')}
      </Typography.Text>
      <Space wrap>
        <Button
          icon={<DownloadOutlined />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(
              { branchCode, hnId, dateFrom: intake.data!.dateFrom, dateTo: intake.data!.dateTo },
              {
                onSuccess: (f) => {
                  if (!f) notification.info({ message: t('intake.nothingToExport') });
                },
              },
            )
          }
          data-testid="intake-export"
        >
          {t('intake.export')}
        </Button>
      </Space>
      <Table<IntakeDay> rowKey="date" size="small" columns={columns} dataSource={[...days].reverse()} pagination={false} data-testid="intake-table" />
    </Space>
  );
}
