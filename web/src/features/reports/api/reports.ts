import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost, type FileLink } from '@/lib/api-client';

/** A choice of the report form: a master row. */
export type Option = { id: number; code: string; nameTh: string; nameEn: string; wardTypeId?: number; wardId?: number };

/** "ALL", or the ids chosen (docs/reports.md). */
export type Choice = 'ALL' | number[];

/** The filters of every report (SPEC.md §5, all required). */
export type ReportFilter = {
  branchCode: string;
  dateOrder: string;
  mealTimeIds: Choice;
  wardTypeIds: Choice;
  wardIds: Choice;
  roomIds: Choice;
  cuisineTypeIds: Choice;
  dietTypeIds: Choice;
  therapeuticIds: Choice;
  allergenIds: Choice;
  restrictedIds: Choice;
  foodScope: 'ALL' | 'NORMAL' | 'DYSPHAGIA';
  orderType: 'ALL' | 'PATIENT' | 'CAREGIVER';
};

/** An order left out because it needs review. */
export type Held = {
  orderId: string;
  hnId: string;
  name: string;
  caregiver: boolean;
  ward: string;
  room: string;
  mealType: string;
  reviewReasons: string[];
};

/** A report's answer: the signed link (empty when every matching order needs review). */
/** count: the trays in the file; notInType: the kitchen workbook's trays its type does not list (MENU_SET lists every tray). */
export type ReportLink = FileLink & { count: number; needsReview: Held[]; notInType?: number };

export type ReportKind = 'meal-card' | 'kitchen' | 'identification';

const PATHS: Record<ReportKind, string> = {
  'meal-card': '/download/generatePDF',
  kitchen: '/download/excelCuisine',
  identification: '/download/excelPatientIdentity',
};

/** POST the report and follow its link (apiDownload); null: 204, nothing matches the filters. */
export function generateReport(kind: ReportKind, body: ReportFilter & Record<string, unknown>): Promise<ReportLink | null> {
  return apiDownload<ReportLink>(PATHS[kind], { body });
}

export function useGenerateReport(kind: ReportKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportFilter & Record<string, unknown>) => generateReport(kind, body),
    // printed cards are recorded with the bed they name: the cards to reprint change
    onSuccess: () => (kind === 'meal-card' ? client.invalidateQueries({ queryKey: ['reports', { endpoint: 'reprintCards' }] }) : undefined),
  });
}

/** A master row as the moved trays name it. */
export type Place = { id: number; code: string; nameTh: string; nameEn: string };

/** A tray whose patient moved (ward or bed) or whose HN changed (hnChanged) after its card was printed: the card names printedWard/printedRoom, the patient is at ward/room now. */
export type Moved = {
  orderId: string;
  hnId: string;
  name: string;
  caregiver: boolean;
  mealType: Place & { abbreviation: string; mealColor: string; textColor: string };
  ward: Place | null;
  room: Place | null;
  printedWard: Place | null;
  printedRoom: Place | null;
  printedAt: string | null;
  /** The card's bed is the patient's now: its HN is not (an A40 merge, an HN corrected). */
  hnChanged: boolean;
  needsReview: boolean;
  reviewReasons: string[];
};

/** The filter of every choice "ALL" for a date. */
export function allOf(branchCode: string, dateOrder: string): ReportFilter {
  return {
    branchCode, dateOrder, mealTimeIds: 'ALL', wardTypeIds: 'ALL', wardIds: 'ALL', roomIds: 'ALL', cuisineTypeIds: 'ALL',
    dietTypeIds: 'ALL', therapeuticIds: 'ALL', allergenIds: 'ALL', restrictedIds: 'ALL', foodScope: 'ALL', orderType: 'ALL',
  };
}

/** GET /report/reprintCards (ours): the date's cards to reprint, the trays whose patient moved since their card was printed. */
export function useReprintCards(branchCode: string, dateOrder: string) {
  return useQuery({
    queryKey: ['reports', { endpoint: 'reprintCards', branchCode, dateOrder }],
    enabled: branchCode !== '',
    queryFn: () => apiGet<{ dateOrder: string; items: Moved[] }>('/report/reprintCards', { query: { branchCode, dateOrder }, silent: true }),
  });
}

/** The form's choices: meal types, ward types, wards, rooms, kitchens, diets, therapeutic foods, allergens, restricted ingredients. */
export function useReportChoices(branchCode: string) {
  return useQuery({
    queryKey: ['reports', { endpoint: 'choices', branchCode }],
    enabled: branchCode !== '',
    staleTime: 60_000,
    queryFn: async () => {
      const q = { query: { branchCode }, silent: true };
      const [mealTypes, wardTypes, wards, rooms, cuisines, diets, therapeutics, allergens, restricted] = await Promise.all([
        apiGet<Option[]>('/takerOrder/getMealType', q),
        apiGet<Option[]>('/parameter/wardType', q),
        apiPost<Option[]>('/parameter/ward', { branchCode, wardType: [] }, { silent: true }),
        apiPost<Option[]>('/parameter/room', { branchCode, ward: [] }, { silent: true }),
        apiGet<Option[]>('/takerOrder/getCuisine', q),
        apiGet<Option[]>('/takerOrder/getDietType', q),
        apiGet<Option[]>('/takerOrder/getTherapeutic', q),
        apiGet<Option[]>('/takerOrder/getAllergensCaregiver', q),
        apiGet<Option[]>('/takerOrder/getRestrictedCaregiver', q),
      ]);
      return { mealTypes, wardTypes, wards, rooms, cuisines, diets, therapeutics, allergens, restricted };
    },
  });
}

/** A line of the kitchen tally. */
export type KitchenLine = {
  kitchen: string; meal: string; code: string; item: string; texture: string; ward: string; count: number;
  specific: boolean; // a specific meal's text (no code), after the dishes
};

/** The kitchen orders board (POST /report/kitchenOrders, our name). */
export type Board = { rows: KitchenLine[]; total: number; needsReview: Held[]; notInType: number; moved: Moved[] };

/** Refreshed every 30 seconds while the screen is open: the board a kitchen keeps open. */
export const BOARD_REFRESH_MS = 30_000;

export function useKitchenBoard(body: (ReportFilter & { type: string }) | null) {
  return useQuery({
    queryKey: ['reports', { endpoint: 'kitchenOrders', body }],
    enabled: body !== null && body.branchCode !== '',
    refetchInterval: BOARD_REFRESH_MS,
    queryFn: () => apiPost<Board>('/report/kitchenOrders', body!, { silent: true }),
  });
}

/** A charged order with its price (satang). */
export type FinanceOrder = {
  orderId: string; dateOrder: string; hnId: string; name: string; caregiver: boolean; ward: string; room: string;
  mealType: string; items: string; priceSatang: number;
};
export type FinanceTotal = { key: string; orders: number; amountSatang: number };
export type Finance = { orders: FinanceOrder[]; byWard: FinanceTotal[]; byDay: FinanceTotal[]; total: FinanceTotal };

/** POST /report/finance (our call): charged orders between two dates with totals per ward and per day. */
export function useFinance(branchCode: string, dateFrom: string, dateTo: string) {
  return useQuery({
    queryKey: ['reports', { endpoint: 'finance', branchCode, dateFrom, dateTo }],
    enabled: branchCode !== '',
    queryFn: () => apiPost<Finance>('/report/finance', { branchCode, dateFrom, dateTo }),
  });
}

/** POST /download/excelFinance (our call): the finance workbook, downloaded through its signed link; null: 204, nothing charged. */
export function useFinanceWorkbook() {
  return useMutation({
    mutationFn: (body: { branchCode: string; dateFrom: string; dateTo: string }) =>
      apiDownload<ReportLink>('/download/excelFinance', { body }),
  });
}
