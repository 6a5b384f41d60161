/**
 * The one Ant Design theme of the app (antd-provider.tsx). Kept free of imports so the build
 * (vite.config.ts, scripts/antd-static-css.tsx) can render Ant Design with it and write its
 * styles to a static CSS file ahead of time.
 */

/** People who ask their system for less motion get dialogs and drawers without animation. */
const reducedMotion =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;

/**
 * Secondary text (descriptions, labels, subtitles, an inactive row): 4.5:1 or more on white,
 * on the layout's grey, and on a ticked row seen under a dialog's mask (0.6 black was 4.4:1
 * there: a row ticked for the bulk order, behind its dialog).
 */
export const MUTED_TEXT = 'rgba(0, 0, 0, 0.65)';

export const theme = {
  token: {
    colorPrimary: '#0f766e',
    // Ant Design's links are blue by default; ours are teal like the rest (issue 19 item 13)
    colorLink: '#0f766e',
    // hovered and pressed buttons and links go darker, not lighter: Ant Design's derived hover
    // of #0f766e is a lighter teal that white text reads on at under 4.5:1 (axe saw the
    // mouse resting on a button, issue 29)
    colorPrimaryHover: '#115e59', // white on it 7.6:1
    colorPrimaryActive: '#134e4a', // 9.6:1
    colorLinkHover: '#115e59',
    colorLinkActive: '#134e4a',
    borderRadius: 8,
    // shipped with the app (main.tsx): Thai reads the same on every device
    fontFamily:
      "'Noto Sans Thai Variable', 'Noto Sans Thai', 'Sarabun', 'Leelawadee UI', Tahoma, -apple-system, 'Segoe UI', Roboto, sans-serif",
    motion: !reducedMotion,
    // WCAG 2.1 AA (issue 29): text at least 4.5:1 on white and on the layout's grey. Ant
    // Design's secondary text (descriptions, labels of a description list, subtitles, wait
    // steps, counts) is 0.45 black, 3.36:1; the hint text of an empty field 0.25 black, 1.8:1.
    colorTextTertiary: MUTED_TEXT, // #595959 on white 7.0:1, on #f5f5f5 6.4:1, on a ticked row under a mask 5.0:1
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)', // #737373 on white 4.7:1
    // A preset tag's text is its colour's 7th shade on the 1st (green 3.4:1, gold 2.8:1,
    // orange 3.3:1, cyan 3.4:1, volcano 4.4:1): the shade that reaches 4.5:1 instead, for
    // every tag of the app (statuses, NPO, review, religion and vegetarian, ...).
    volcano7: '#ad2102', // 6.4:1
    orange7: '#ad4e00', // 5.1:1
    gold7: '#874d00', // 6.5:1
    yellow7: '#876800', // 5.2:1
    lime7: '#3f6600', // 6.6:1
    green7: '#237804', // 5.4:1
    cyan7: '#006d75', // 5.8:1
    // danger buttons, form errors: #ff4d4f was 3.3:1 on white
    colorError: '#cf1322', // 5.9:1
  },
  components: {
    // an unchecked switch's words are white on its track: 0.25 black was 1.8:1
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    // a disabled select's value (the order list's meal filter) and a table's "no data": 0.25 black, 1.8:1
    Select: { colorTextDisabled: MUTED_TEXT },
    Table: { colorTextDisabled: MUTED_TEXT },
    // the sidebar (the one dark menu): an open group's items on a shade of its green, not
    // Ant Design's near-black (QA 2026-11-26 #22)
    Menu: { darkItemBg: 'transparent', darkSubMenuItemBg: 'rgba(0, 0, 0, 0.18)' },
  },
};

/** The theme with motion on or off: the build writes Ant Design's styles for both. */
export const themeWithMotion = (motion: boolean) => ({ ...theme, token: { ...theme.token, motion } });
