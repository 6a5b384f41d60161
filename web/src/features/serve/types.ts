export type Ref = { id: number; code: string; nameTh: string; nameEn: string };

export type MealType = Ref & { abbreviation: string; mealColor: string; textColor: string; startTime: string; endTime: string };

export const SERVE_STATUSES = ['WAITING', 'SERVED', 'REJECTED'] as const;
export type ServeStatus = (typeof SERVE_STATUSES)[number];

/** A tray of the serve list (GET /serve/searchServe). */
export type Tray = {
  orderId: string;
  hnId: string;
  caregiver: boolean;
  dateOrder: string;
  firstNameTh: string;
  lastNameTh: string;
  firstNameEn: string;
  lastNameEn: string;
  ward: Ref | null;
  room: Ref | null;
  mealType: MealType;
  status: string;
  needsReview: boolean;
  /** The patient moved (ward or bed) after the card was printed: the card names printedWard/printedRoom; ward/room are now. */
  moved: boolean;
  /** Moved, but the card's bed is the patient's now: the card names the HN before it changed (an A40 merge, an HN corrected). */
  hnChanged: boolean;
  printedWard: Ref | null;
  printedRoom: Ref | null;
  serveStatus: ServeStatus;
  lastRecord: { action: string; rejectReason: string; servedBy: string; servedAt: string; deviceId: string } | null;
};

export type TrayRow = Tray & { id: number };

export type Reason = { code: string; message: string; detail?: string; reviewReasons?: string[] };

/** The answer of POST /serve/verify. */
export type Verdict = {
  match: boolean;
  reasons: Reason[];
  orderId?: string;
  wristbandHn?: string;
  order?: {
    dateOrder: string;
    mealType: MealType;
    courseType: string;
    description: string;
    items: { code: string; nameTh: string; nameEn: string; alternativeNote: string }[];
  };
  patient?: { hnId: string; firstNameTh: string; lastNameTh: string; firstNameEn: string; lastNameEn: string; ward: Ref | null; room: Ref | null };
};

export type Scan = { token: string; wristband: string; symbology?: string };
