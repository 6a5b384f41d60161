// The area's query key: every query of this feature starts with it.
export const SURVEYS_AREA = 'surveys' as const;
