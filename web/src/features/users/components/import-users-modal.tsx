import { App, Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '@/components/icons';
import { ImportModal } from '@/components/import-modal';
import { useDownloadTemplateUser } from '@/features/users/api/download-template-user';
import { usersKey } from '@/features/users/api/keys';
import { uploadUsers } from '@/features/users/api/upload-users';

type Props = { open: boolean; createBy: string; onClose: () => void };

/** Excel import of accounts (the shared import dialog): only adds; may invite the new accounts. */
export function ImportUsersModal({ open, createBy, onClose }: Props) {
  const { t } = useTranslation(['users', 'common']);
  const { notification } = App.useApp();
  const [sendEmail, setSendEmail] = useState(false);
  const template = useDownloadTemplateUser();

  const downloadTemplate = () =>
    template.mutate(undefined, {
      onSuccess: (f) => {
        if (!f) notification.error({ message: t('users:common.dataNotFound') });
      },
    });

  return (
    <ImportModal
      open={open}
      onClose={() => {
        setSendEmail(false);
        onClose();
      }}
      title={t('users:import.title')}
      hint={t('users:import.rules')}
      template={
        <Button icon={<DownloadOutlined />} onClick={downloadTemplate} loading={template.isPending} data-testid="download-template">
          {t('users:import.template')}
        </Button>
      }
      formats={['.xlsx', '.xls']}
      upload={(file) => uploadUsers({ file, createBy, sendEmail })}
      counts={[
        { key: 'totalRows', label: t('users:import.totalRows') },
        { key: 'added', label: t('users:import.added') },
        { key: 'skipped', label: t('users:import.skipped') },
        ...(sendEmail ? [{ key: 'invited' as const, label: t('users:import.invited') }] : []),
      ]}
      reload={usersKey}
    >
      <Checkbox checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} data-testid="import-send-email">
        {t('users:import.sendEmail')}
      </Checkbox>
    </ImportModal>
  );
}
