import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from '@/lib/session';

/** The stored session, re-rendering when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}
