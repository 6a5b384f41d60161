import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { publishGlobal } from '@/lib/global-events';

type Meta = { silentError?: boolean };

/** A failed call no modal spoke for becomes an error toast, unless the caller handles it. */
function toastUnhandled(error: unknown, meta: Meta | undefined) {
  if (meta?.silentError) return;
  if (isApiError(error) && (error.handled || error.fields)) return;
  publishGlobal({ kind: 'toast', type: 'error', msg: error instanceof Error ? error.message : String(error) });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (e, q) => toastUnhandled(e, q.meta as Meta) }),
    mutationCache: new MutationCache({ onError: (e, _v, _c, m) => toastUnhandled(e, m.meta as Meta) }),
    defaultOptions: {
      // The client never retries (SPEC.md §7); errors have already been shown.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
