// The reports texts are loaded with these screens, not with Login.
import { addBundle } from '@/lib/i18n';
import en from '@/locales/en/reports.json';
import th from '@/locales/th/reports.json';

export const NS = addBundle('reports', { th, en });
