// The global loading overlay's state: a counter of running loads. The overlay shows while
// the counter is above zero and hides LOADING_HIDE_DELAY_MS after it returns to zero.
import { LOADING_HIDE_DELAY_MS } from '@/config/constants';

let running = 0;
let visible = false;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setVisible(v: boolean) {
  if (visible === v) return;
  visible = v;
  for (const l of listeners) l();
}

export const loading = {
  start(): void {
    running += 1;
    clearTimeout(hideTimer);
    hideTimer = undefined;
    setVisible(true);
  },
  stop(): void {
    running = Math.max(0, running - 1);
    if (running === 0 && hideTimer === undefined) {
      hideTimer = setTimeout(() => {
        hideTimer = undefined;
        if (running === 0) setVisible(false);
      }, LOADING_HIDE_DELAY_MS);
    }
  },
  /** Turns loading off at once (the ≥500 modal does this). */
  reset(): void {
    running = 0;
    clearTimeout(hideTimer);
    hideTimer = undefined;
    setVisible(false);
  },
  isVisible(): boolean {
    return visible;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
