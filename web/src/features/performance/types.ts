/** Trays by serve time (docs/performance.md "on time"); onTimePct is out of the trays whose end time has passed. */
export type Counts = {
  trays: number;
  onTime: number;
  late: number;
  notServed: number;
  pending: number;
  onTimePct: number | null;
  /** The served trays collected (intake recorded, issue 27 §3) and their share of the trays served (null: none served). */
  collected: number;
  collectedPct: number | null;
};

export type MealGroup = Counts & {
  id: number; branchCode: string; code: string; nameTh: string; nameEn: string; mealColor: string; textColor: string; startTime: string; endTime: string;
};
export type WardGroup = Counts & { id: number; branchCode: string; code: string; nameTh: string; nameEn: string };
export type DateGroup = Counts & { date: string };
export type ReasonCount = { reason: string; label: string; count: number };
export type Person = { person: string; nameTh: string; nameEn: string; count: number; other: number };
export type Choice = { id: number; branchCode: string; code: string; nameTh: string; nameEn: string };

/** The answer of GET /survey/workPerformance. */
export type Figures = {
  dateFrom: string;
  dateTo: string;
  orders: number;
  total: Counts;
  byMeal: MealGroup[];
  byWard: WardGroup[];
  byDate: DateGroup[];
  mismatches: { scans: number; byReason: ReasonCount[] };
  rejections: { records: number; trays: number; byReason: ReasonCount[] };
  review: {
    flagged: number; reviewed: number; medianMinutes: number; p90Minutes: number; maxMinutes: number;
    waiting: number; oldestWaitingMinutes: number;
  };
  orderTakers: Person[];
  servers: Person[];
  choices: { wards: Choice[]; mealTypes: Choice[] };
};

/** The screen's filters; empty dates: the server's default (the last 7 days). */
export type PerformanceFilter = { dateFrom: string; dateTo: string; wardIds: number[]; mealTimeIds: number[]; entryBranch: string };

/** The export's answer: the signed link to the workbook. */
