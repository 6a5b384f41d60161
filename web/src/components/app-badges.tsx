import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';

/** 'Version 1.1.0' (SPEC.md §1). */
export function VersionLabel() {
  const { t } = useTranslation('common');
  return (
    <span className="version-label" data-testid="version-label">
      {t('version', { version: env.appVersion })}
    </span>
  );
}

/** The environment marker ('UAT'); nothing when the build sets none. */
export function EnvMarker() {
  const { t } = useTranslation('common');
  if (!env.envMarker) return null;
  return (
    <span className="env-marker" data-testid="env-marker">
      {t('envMarker', { env: env.envMarker })}
    </span>
  );
}
