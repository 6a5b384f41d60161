// The area's query key: a confirmation reloads the serve list through it.
export const SERVE_AREA = 'serve' as const;
export const serveKey = [SERVE_AREA] as const;
