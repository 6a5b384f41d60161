// The patient satisfaction survey (docs/surveys.md): five questions, each answered 1–5.

/** The questions, in the order the server asks them. */
export const QUESTIONS = ['taste', 'temperature', 'portion', 'onTime', 'overall'] as const;
export type QuestionKey = (typeof QUESTIONS)[number];

/** One answer per question, 1 (very poor) to 5 (very good). */
export type Answers = Record<QuestionKey, number>;

/** Each question's average (2 decimals); null when nothing was answered. */
export type Averages = Record<QuestionKey, number | null>;

/** The scores, lowest first. */
export const SCORES = [1, 2, 3, 4, 5] as const;

/** The comment's longest length (the server refuses more). */
export const COMMENT_MAX = 500;

export type MealTypeRef = { id?: number; nameTh: string; nameEn: string; color: string };

/** GET /survey/public/{token}: what the card's link shows (no patient data). */
export type PublicSurvey = {
  date: string;
  mealType: MealTypeRef;
  questions: { key: QuestionKey; th: string; en: string }[];
  answered: boolean;
};

/** A tray of the day staff may enter a survey for (GET /survey/trays). */
export type Tray = {
  orderId: string;
  hnId: string;
  name: string;
  caregiver: boolean;
  ward: string;
  room: string;
  mealType: MealTypeRef & { id: number };
  status: string;
  answered: boolean;
  surveyUrl: string;
};

/** An answer of the results table. */
export type SurveyRow = {
  id: number;
  branchCode: string;
  answeredAt: string;
  date: string;
  ward: string;
  mealType: MealTypeRef;
  source: 'QR' | 'STAFF';
  answers: Answers;
  comment: string;
};

/** `wardId` null: trays with no ward. */
export type WardResult = { wardId: number | null; branchCode: string; name: string; count: number; averages: Averages };
export type MealTypeResult = { mealTimeId: number; branchCode: string; nameTh: string; nameEn: string; color: string; count: number; averages: Averages };
export type DishResult = { menuId: number; nameTh: string; nameEn: string; count: number; averages: Averages };
export type DateResult = { date: string; count: number; averages: Averages };

/** GET /survey/patientSatisfaction. */
export type Results = {
  count: number;
  averages: Averages;
  byWard: WardResult[];
  byMealType: MealTypeResult[];
  byDish: DishResult[];
  byDate: DateResult[];
  rows: { items: SurveyRow[]; total: number };
};

/** The results' filters: order dates (YYYY-MM-DD, both included) and ids (empty: all). */
export type ResultsFilter = {
  dateFrom: string;
  dateTo: string;
  wardIds: number[];
  mealTimeIds: number[];
  menuIds: number[];
  /** Super Admin only: one branch, or empty for all. */
  entryBranch: string;
};
