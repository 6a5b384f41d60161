import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { FeedView } from '@/features/branches/components/feed-view';
import { NS } from '@/features/branches/i18n';

type Props = {
  /** The branch whose feed is shown; null: closed. */
  branch: { code: string; name: string } | null;
  onClose: () => void;
};

/** A branch's HL7 v2 feed in a drawer of the Branches screen (Super Admin; FeedView, docs/hl7.md). */
export function FeedDrawer({ branch, onClose }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Drawer open={branch !== null} width={960} title={branch ? t('feed.title', { name: branch.name }) : ''} onClose={onClose} destroyOnHidden data-testid="feed-drawer">
      {branch && <FeedView code={branch.code} canRotate />}
    </Drawer>
  );
}
