/** An entry of the activity record (GET /logs/activities). */
export type Activity = {
  id: number;
  branchCode: string;
  actor: string;
  actorName: string;
  action: string;
  /** The action in the interface language (the code when the server has no label). */
  actionLabel: string;
  detail: Record<string, unknown>;
  address: string;
  at: string;
};

/** One field of a change: its label in the interface language (the key when it has none). */
export type FieldChange = { field: string; label: string; before: unknown; after: unknown };

/** An entry of the change log (GET /logs/changes). */
export type Change = {
  id: number;
  branchCode: string;
  entity: string;
  entityLabel: string;
  entityId: string;
  /** The record by name: an order's patient HN and name, meal type and day; a patient's HN and name; a row's code and name; null when it has none. */
  record: { code: string; name: string; meal?: string; date?: string } | null;
  action: 'create' | 'update' | 'delete';
  changedBy: string;
  changerName: string;
  changedAt: string;
  fields: FieldChange[];
};

export type Choice = { code: string; label: string };

/** The filters' lists (GET /logs/choices). */
export type Choices = { actions: Choice[]; entities: Choice[] };

/** The filters both screens send; `entryBranch` is the Super Admin's branch filter. */
export type LogFilter = {
  person?: string;
  dateFrom?: string;
  dateTo?: string;
  entryBranch?: string;
};
