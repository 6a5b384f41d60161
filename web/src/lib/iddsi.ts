// IDDSI (International Dysphagia Diet Standardisation Initiative) colours, shared by the
// screens that show a texture level (menus, orders): foods 3–7, drinks 0–4.

/** The framework's colour of each level, and a readable text colour on it. */
export const IDDSI_COLORS: Record<number, { background: string; text: string }> = {
  0: { background: '#FFFFFF', text: '#000000' },
  1: { background: '#A7A8AA', text: '#000000' },
  2: { background: '#F4A6C7', text: '#000000' },
  3: { background: '#FFD200', text: '#000000' },
  4: { background: '#6CC24A', text: '#000000' },
  5: { background: '#F68D2E', text: '#000000' },
  6: { background: '#0072CE', text: '#FFFFFF' },
  7: { background: '#000000', text: '#FFFFFF' },
};
