// Who tells the user that a call failed. A global modal or notice (401, 400, ≥ 500, no
// answer) is raised by the api-client; any other failure becomes an error toast through the
// query client (app/query-client.ts) — unless the screen answers it itself: its field
// errors on the form (lib/form-errors.ts `applyFieldErrors`), a message in its dialog, its own
// prompt. Such a call is made with `useScreenMutation` (or, for the few queries a screen
// answers, `meta: SCREEN_ANSWERS_ERRORS`), never with a flag of its own.
import { useMutation, type DefaultError, type UseMutationOptions } from '@tanstack/react-query';

export type CallMeta = { screenAnswersErrors?: boolean };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

/** The meta of a call whose failure the screen shows itself (no global toast). */
export const SCREEN_ANSWERS_ERRORS: CallMeta = { screenAnswersErrors: true };

/** A mutation whose failure the screen shows itself: the global error toast stays out. */
export function useScreenMutation<TData = unknown, TVariables = void, TContext = unknown>(
  options: Omit<UseMutationOptions<TData, DefaultError, TVariables, TContext>, 'meta'>,
) {
  return useMutation<TData, DefaultError, TVariables, TContext>({ ...options, meta: SCREEN_ANSWERS_ERRORS });
}
