import type { Intake } from '@/features/nutrition/api/get-intake';

/** The nutrients an intake is read by (docs/nutrition.md "What the patient ate"). */
export const INTAKE_NUTRIENTS = ['energy', 'protein'] as const;
export type IntakeNutrient = (typeof INTAKE_NUTRIENTS)[number];

/** The chart's highest share (%): a bar above it is drawn at it. */
export const CHART_MAX = 150;

/** A bar's height in [0, 1] of the chart for a share eaten (%), none for a day without one. */
export function barHeight(percent: number | undefined): number | null {
  if (percent === undefined) return null;
  return Math.min(Math.max(percent, 0), CHART_MAX) / CHART_MAX;
}

/** How many days of the intake are LOW, for the chart's summary. */
export function lowDays(intake: Intake): number {
  return intake.days.filter((d) => d.state === 'LOW').length;
}
