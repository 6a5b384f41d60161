import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { publishGlobal } from '@/lib/global-events';
import type { CallMeta } from '@/lib/screen-errors';

/**
 * A failed call no modal spoke for becomes an error toast, unless the screen answers it
 * (lib/screen-errors.ts) or it carries field errors, which belong on a form.
 */
function toastUnhandled(error: unknown, meta: CallMeta | undefined) {
  if (meta?.screenAnswersErrors) return;
  if (isApiError(error) && (error.handled || error.fields)) return;
  publishGlobal({ kind: 'toast', type: 'error', msg: error instanceof Error ? error.message : String(error) });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (e, q) => toastUnhandled(e, q.meta) }),
    mutationCache: new MutationCache({ onError: (e, _v, _c, m) => toastUnhandled(e, m.meta) }),
    defaultOptions: {
      // The client never retries (SPEC.md §7); errors have already been shown.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
