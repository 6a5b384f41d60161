// The shared components' texts (paged list, type-ลบ modal, import modal, unsaved-changes
// prompt): loaded with the first screen that uses one of them, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/components.json';
import th from '@/locales/th/components.json';

export const NS = addBundle('components', { th, en });

/** The word a deletion asks for (SPEC.md §5): Thai "delete", in both languages. */
export const DELETE_WORD = th.deleteConfirm.word;

export function matchesDeleteWord(value: string): boolean {
  return value.trim() === DELETE_WORD;
}
