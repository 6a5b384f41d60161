import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '@/components/icons';
import { ImportModal } from '@/components/import-modal';
import { useDownloadMasterData } from '@/features/master-data/api/download-master-data';
import { MASTER_DATA_KEY } from '@/features/master-data/api/search-master-data';
import { uploadMasterData } from '@/features/master-data/api/upload-master-data';
import { NS } from '@/features/master-data/i18n';
import { inSentence, type KindType } from '@/features/master-data/kinds';

type Props = {
  type: KindType;
  branchCode: string;
  createBy: string;
  open: boolean;
  onClose: () => void;
};

const COUNTS = ['totalRows', 'added', 'updated', 'deleted', 'unchanged', 'skipped'] as const;

/** A kind's import from Excel (the shared import dialog) with the kind's template. */
export function MasterDataImport({ type, branchCode, createBy, open, onClose }: Props) {
  const { t, i18n } = useTranslation(NS);
  const { notification } = App.useApp();
  const template = useDownloadMasterData();

  /** The kind's empty workbook (headers only): offered even when the list has no rows. */
  async function downloadTemplate() {
    try {
      const file = await template.mutateAsync({ type, branchCode, template: true });
      if (!file) {
        notification.warning({ message: t('toast.dataNotFound') });
        return;
      }
      notification.success({ message: t('toast.templateDownloaded') });
    } catch {
      /* the client and the query cache have told the user */
    }
  }

  return (
    <ImportModal
      open={open}
      onClose={onClose}
      title={t('import.title', { kind: inSentence(t(`kinds.${type}`), i18n.language) })}
      hint={t('import.hint')}
      template={
        <Button type="link" icon={<DownloadOutlined />} loading={template.isPending} onClick={() => void downloadTemplate()} style={{ paddingInline: 0 }} data-testid="import-template">
          {t('import.template')}
        </Button>
      }
      formats={['.xlsx']}
      upload={(file) => uploadMasterData({ type, branchCode, createBy, file })}
      counts={COUNTS.map((key) => ({ key, label: t(`import.counts.${key}`) }))}
      reload={MASTER_DATA_KEY}
    />
  );
}
