import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { updateLanguage } from '@/features/account/api/update-language';
import { LANGUAGES, type Language } from '@/config/constants';
import { isApiError } from '@/lib/api-client';
import { readSession, storeUserInfo } from '@/lib/session';

/**
 * While signed in, a language chosen anywhere (account page, header, user menu) is saved on
 * the account (POST /auth/updateLanguage), so e-mails and the next device follow it. Only a
 * change made here saves: arriving with another device language does not rewrite the account.
 */
export function useSaveLanguage(): void {
  const { i18n, t } = useTranslation('account');
  const { notification } = App.useApp();
  useEffect(() => {
    const onChange = (lng: string) => {
      const { token, userInfo } = readSession();
      if (!token || !userInfo || userInfo.language === lng || !(LANGUAGES as readonly string[]).includes(lng)) return;
      updateLanguage(lng as Language)
        .then(() => {
          const now = readSession().userInfo;
          if (now) storeUserInfo({ ...now, language: lng });
        })
        .catch((e: unknown) => {
          if (!isApiError(e) || !e.handled) notification.error({ message: t('languageSaveFailed') });
        });
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n, notification, t]);
}
