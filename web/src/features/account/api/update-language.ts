import { useMutation } from '@tanstack/react-query';
import type { Language } from '@/config/constants';
import { apiPost } from '@/lib/api-client';

/** POST /auth/updateLanguage {language} — the language the account works in (e-mails too). */
export function updateLanguage(language: Language): Promise<null> {
  return apiPost<null>('/auth/updateLanguage', { language }, { silent: true });
}

export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage });
}
