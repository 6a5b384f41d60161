import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '@/components/screen-frame';
import { FeedView } from '@/features/branches/components/feed-view';
import { NS } from '@/features/branches/i18n';
import { useSession } from '@/lib/use-session';

/**
 * The HL7 v2 feed of the Branch Admin's own branch (/auth/hl7-feed; docs/hl7.md): the
 * messages, the last day by the hour, the failures and Apply again — the Super Admin's drawer
 * without the key, which only the Super Admin makes. The server answers only this branch.
 */
export default function FeedPage() {
  const { t } = useTranslation(NS);
  const { userInfo } = useSession();
  const branch = userInfo?.current?.branchCode ?? '';
  return (
    <ScreenFrame title={t('feed.page.title')} subtitle={t('feed.page.subtitle', { branch })} testId="feed-page">
      {branch && <FeedView code={branch} canRotate={false} />}
    </ScreenFrame>
  );
}
