import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined, UploadOutlined } from '@/components/icons';
import { ImportModal } from '@/components/import-modal';
import { useSession } from '@/lib/use-session';
import { useDownloadMenuData } from '@/features/menus/api/download-menu-data';
import { menusKey } from '@/features/menus/api/keys';
import { uploadMenuData, type MenuDataType } from '@/features/menus/api/upload-menu-data';
import { NS } from '@/features/menus/i18n';

const COUNTS = ['totalRows', 'added', 'updated', 'unchanged', 'skipped'] as const;

/**
 * A menus list's Excel buttons (docs/api.md "Import and export of dishes and cycle
 * contents"): Import (the shared dialog, with the template) and Export. The import adds and
 * updates, never deletes.
 */
export function MenuDataActions({ type, branchCode }: { type: MenuDataType; branchCode: string }) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const { userInfo } = useSession();
  const [importing, setImporting] = useState(false);
  const download = useDownloadMenuData();
  const template = useDownloadMenuData();

  async function save(which: typeof download, isTemplate: boolean) {
    try {
      const file = await which.mutateAsync({ type, branchCode, template: isTemplate });
      if (!file) {
        notification.warning({ message: t('io.dataNotFound') });
        return;
      }
      notification.success({ message: t(isTemplate ? 'io.templateDownloaded' : 'io.exported') });
    } catch {
      /* the client and the query cache have told the user */
    }
  }

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="list-import">
        {t('io.import')}
      </Button>
      <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => void save(download, false)} data-testid="list-export">
        {t('io.export')}
      </Button>
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        title={t(`io.title.${type}`)}
        hint={t('io.hint')}
        template={
          <Button type="link" icon={<DownloadOutlined />} loading={template.isPending} onClick={() => void save(template, true)} style={{ paddingInline: 0 }} data-testid="import-template">
            {t('io.template')}
          </Button>
        }
        formats={['.xlsx']}
        upload={(file) => uploadMenuData({ type, branchCode, createBy: userInfo?.employeeCode ?? '', file })}
        counts={COUNTS.map((key) => ({ key, label: t(`io.counts.${key}`) }))}
        reload={menusKey}
      />
    </>
  );
}
