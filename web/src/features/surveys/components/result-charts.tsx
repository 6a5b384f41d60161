// The results' charts (recharts), in their own chunk: the screen's filters and table paint
// without it. Each chart is a figure with a caption and a description (its accessible name),
// repeated as the SVG's title and desc; every chart takes its column's width, never more.
import type { ReactElement, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar, BarChart, CartesianGrid, Cell, ComposedChart, LabelList, Line, ResponsiveContainer, Tooltip, XAxis, YAxis,
} from 'recharts';
import { NS } from '@/features/surveys/i18n';
import type { Results } from '@/features/surveys/types';
import { branchNamer, groupBars, questionBars, showAverage, showDay } from '@/features/surveys/values';
import { localName } from '@/lib/names';

const TEAL = '#0f766e';
const AMBER = '#d97706';
const HEIGHT = 260;
const SCALE: [number, number] = [0, 5];

function Figure({ title, desc, testId, children }: { title: string; desc: string; testId: string; children: (a11y: { title: string; desc: string }) => ReactNode }) {
  const id = useId();
  return (
    <figure className="survey-chart" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} data-testid={testId}>
      <figcaption id={`${id}-t`}>{title}</figcaption>
      <p id={`${id}-d`} className="sr-only">{desc}</p>
      <ResponsiveContainer width="100%" height={HEIGHT}>{children({ title, desc }) as ReactElement}</ResponsiveContainer>
    </figure>
  );
}

const average = (v: unknown) => showAverage(typeof v === 'number' ? v : null);

/** An x-axis label on lines of its own: 'SRP01 · มื้อเช้า' shows the branch above the meal, so narrow bars keep every label. */
function LinesTick({ x, y, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  const lines = String(payload?.value ?? '').split(' · ');
  return (
    <text x={x} y={y} textAnchor="middle" fontSize={12} fill="#666">
      {lines.map((l, i) => <tspan key={i} x={x} dy={i === 0 ? 12 : 14}>{l}</tspan>)}
    </text>
  );
}

/** Averages per question, by ward, by meal type (in its colours) and the trend by day. */
export default function ResultCharts({ results }: { results: Results }) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const questions = questionBars(results.averages, (q) => t(`questionShort.${q}`));
  const wardName = branchNamer(results.byWard);
  const wards = groupBars(results.byWard.map((w) => ({
    key: `${w.branchCode}-${w.wardId ?? 'none'}`, name: wardName(w, w.name || '–'), count: w.count, averages: w.averages,
  })));
  const mealName = branchNamer(results.byMealType);
  const meals = groupBars(results.byMealType.map((m) => ({
    key: String(m.mealTimeId), name: mealName(m, localName(m, lang)), color: m.color, count: m.count, averages: m.averages,
  })));
  const days = groupBars(results.byDate.map((d) => ({ key: d.date, name: showDay(d.date, lang), count: d.count, averages: d.averages })));
  const overall = t('questionShort.overall');
  const count = t('results.count');

  return (
    <div className="survey-charts" data-testid="survey-charts">
      <Figure title={t('results.chart.byQuestion')} desc={t('results.chart.byQuestionDesc')} testId="chart-questions">
        {(a) => (
          <BarChart data={questions} title={a.title} desc={a.desc} margin={{ top: 16, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" interval={0} tick={{ fontSize: 12 }} />
            <YAxis domain={SCALE} ticks={[0, 1, 2, 3, 4, 5]} />
            <Tooltip formatter={(v) => average(v)} />
            <Bar dataKey="average" name={t('results.average')} fill={TEAL} isAnimationActive={false}>
              <LabelList dataKey="average" position="top" formatter={(v: unknown) => average(v)} />
            </Bar>
          </BarChart>
        )}
      </Figure>
      <Figure title={t('results.chart.byMealType')} desc={t('results.chart.byMealTypeDesc')} testId="chart-meal-types">
        {(a) => (
          <BarChart data={meals} title={a.title} desc={a.desc} margin={{ top: 16, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" interval={0} tick={<LinesTick />} height={44} />
            <YAxis domain={SCALE} ticks={[0, 1, 2, 3, 4, 5]} />
            <Tooltip formatter={(v, name) => (name === overall ? average(v) : String(v))} />
            <Bar dataKey="overall" name={overall} isAnimationActive={false}>
              {meals.map((m) => <Cell key={m.key} fill={m.color || TEAL} stroke="#475569" strokeWidth={1} />)}
              <LabelList dataKey="overall" position="top" fill="#1f2937" formatter={(v: unknown) => average(v)} />
            </Bar>
          </BarChart>
        )}
      </Figure>
      <Figure title={t('results.chart.byWard')} desc={t('results.chart.byWardDesc')} testId="chart-wards">
        {(a) => (
          <BarChart data={wards} layout="vertical" title={a.title} desc={a.desc} margin={{ top: 0, right: 32, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" domain={SCALE} ticks={[0, 1, 2, 3, 4, 5]} />
            <YAxis type="category" dataKey="name" width={160} tick={{ fontSize: 12 }} interval={0} />
            <Tooltip formatter={(v) => average(v)} />
            <Bar dataKey="overall" name={overall} fill={TEAL} isAnimationActive={false} maxBarSize={28}>
              <LabelList dataKey="overall" position="right" formatter={(v: unknown) => average(v)} />
            </Bar>
          </BarChart>
        )}
      </Figure>
      <Figure title={t('results.chart.byDate')} desc={t('results.chart.byDateDesc')} testId="chart-dates">
        {(a) => (
          <ComposedChart data={days} title={a.title} desc={a.desc} margin={{ top: 16, right: 0, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} />
            <YAxis yAxisId="avg" domain={SCALE} ticks={[0, 1, 2, 3, 4, 5]} />
            <YAxis yAxisId="count" orientation="right" allowDecimals={false} />
            <Tooltip formatter={(v, name) => (name === overall ? average(v) : String(v))} />
            <Bar yAxisId="count" dataKey="count" name={count} fill="#cbd5e1" isAnimationActive={false} maxBarSize={24} />
            <Line yAxisId="avg" dataKey="overall" name={overall} stroke={AMBER} strokeWidth={2} dot connectNulls isAnimationActive={false} />
          </ComposedChart>
        )}
      </Figure>
    </div>
  );
}
