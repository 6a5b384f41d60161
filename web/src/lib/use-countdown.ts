import { useEffect, useState } from 'react';

function secondsUntil(until: number | null): number {
  return until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0;
}

/**
 * Seconds left until `until` (ms since the epoch), ticking once a second; 0 when passed or
 * null. For "send a new code in N s" after a send or a 429's retryAfter.
 */
export function useCountdown(until: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until));
  useEffect(() => {
    setSeconds(secondsUntil(until));
    if (!until) return;
    const timer = window.setInterval(() => {
      const s = secondsUntil(until);
      setSeconds(s);
      if (s <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}

/** The wait a 429 answer asks for (data.retryAfter, seconds), or `fallback`. */
export function retryAfterSeconds(data: unknown, fallback = 60): number {
  const v = (data as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof v === 'number' && v > 0 ? v : fallback;
}
