// The area's query key: every query of this feature starts with it.
export const LOGS_AREA = 'logs' as const;
