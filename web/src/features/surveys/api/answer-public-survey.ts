import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { Answers } from '@/features/surveys/types';

export type PublicAnswer = { token: string; answers: Answers; comment: string; lang: 'th' | 'en' };

/** POST /survey/public/{token} (no sign-in): the patient's answer; 409 when the tray has one. */
export function answerPublicSurvey({ token, ...body }: PublicAnswer): Promise<unknown> {
  return apiPost(`/survey/public/${encodeURIComponent(token)}`, body, { public: true });
}

export function useAnswerPublicSurvey() {
  return useMutation({ mutationFn: answerPublicSurvey });
}
