// Where the keyboard's focus goes when the screen changes (issue 29): to the new screen's
// heading, so that a keyboard or screen-reader user starts there and hears where they are,
// instead of at the top of the page (the focus otherwise falls to the body when what held it
// — a sidebar item, a chip, a button — goes). A screen that put the focus somewhere itself (a
// scan field, the row just ordered) keeps it; a change of the address's query (a filter, a
// page of the list) is the same screen and moves nothing.
import { useEffect, useRef } from 'react';

/** How long to wait for the new screen's heading (a lazy chunk, a first answer). */
const WAIT_MS = 5000;

export function focusHeading(content: HTMLElement): boolean {
  const heading = content.querySelector<HTMLElement>('h1, h2, h3, h4');
  if (!heading) return false;
  const active = document.activeElement;
  // something in the screen holds the focus already (an autofocused field, a row): leave it
  if (active && active !== document.body && content.contains(active)) return true;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * On every new path (the first screen after signing in too), the new screen's heading takes
 * the focus — but not on the page's first screen (opened from the address bar, a link from
 * elsewhere, a bookmark): the browser starts at the top, where the skip link is.
 */
export function useFocusOnNavigate(pathname: string, contentId: string): void {
  const started = useRef(false);
  useEffect(() => {
    const first = !started.current && (window.history.state as { idx?: number } | null)?.idx === 0;
    started.current = true;
    if (first) return;
    const content = document.getElementById(contentId);
    if (!content) return;
    if (focusHeading(content)) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(content)) observer.disconnect();
    });
    observer.observe(content, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, contentId]);
}
