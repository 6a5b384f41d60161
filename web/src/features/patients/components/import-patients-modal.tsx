import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '@/components/icons';
import { ImportModal } from '@/components/import-modal';
import { NS } from '@/features/patients/i18n';
import { useDownloadTemplatePatient } from '@/features/patients/api/download-template-patient';
import { patientsKey } from '@/features/patients/api/keys';
import { uploadPatients } from '@/features/patients/api/upload-patients';
import { useLabels } from '@/features/patients/use-labels';

type Props = { open: boolean; onClose: () => void };

/** Excel import of patients (the shared import dialog): adds new HNs, updates stored ones, never deletes. */
export function ImportPatientsModal({ open, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const labels = useLabels();
  const template = useDownloadTemplatePatient();

  const downloadTemplate = () =>
    template.mutate(labels.branch, {
      onSuccess: (f) => {
        if (!f) notification.error({ message: t('list.dataNotFound') });
      },
    });

  return (
    <ImportModal
      open={open}
      onClose={onClose}
      title={t('import.title')}
      hint={t('import.rules')}
      template={
        <Button icon={<DownloadOutlined />} onClick={downloadTemplate} loading={template.isPending} data-testid="download-template">
          {t('import.template')}
        </Button>
      }
      formats={['.xlsx']}
      upload={(file) => uploadPatients({ file, branchCode: labels.branch, createBy: labels.me })}
      counts={[
        { key: 'totalRows', label: t('import.totalRows') },
        { key: 'added', label: t('import.added') },
        { key: 'updated', label: t('import.updated') },
        { key: 'unchanged', label: t('import.unchanged') },
        { key: 'skipped', label: t('import.skipped') },
      ]}
      reload={patientsKey}
    />
  );
}
