// The branch screen's texts are loaded with it, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/branches.json';
import th from '@/locales/th/branches.json';

export const NS = addBundle('branches', { th, en });
