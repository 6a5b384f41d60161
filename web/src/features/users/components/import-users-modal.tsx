import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Descriptions, Modal, Progress, Space, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadTemplateUser } from '@/features/users/api/download-template-user';
import { isFinished, useUploadJob } from '@/features/users/api/get-upload-job';
import { usersKey } from '@/features/users/api/keys';
import { useUploadUsers } from '@/features/users/api/upload-users';
import { checkUserImportFiles } from '@/features/users/import-file';
import { jobIdOf, type UploadJob } from '@/features/users/types';
import { isApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

type Props = { open: boolean; createBy: string; onClose: () => void };

const PERCENT: Record<string, number> = { UPLOADING: 10, QUEUED: 25, RUNNING: 60, DONE: 100, FAILED: 100 };

/** Excel import of accounts: only adds; progress of the job; refused rows to download. */
export function ImportUsersModal({ open, createBy, onClose }: Props) {
  const { t } = useTranslation(['users', 'common']);
  const { notification } = App.useApp();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [sendEmail, setSendEmail] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [first, setFirst] = useState<UploadJob | null>(null);
  const upload = useUploadUsers();
  const job = useUploadJob(jobId && !isFinished(first ?? undefined) ? jobId : null);
  const template = useDownloadTemplateUser();
  const current: UploadJob | null = job.data ?? first;
  const done = isFinished(current ?? undefined);

  useEffect(() => {
    if (done) void qc.invalidateQueries({ queryKey: usersKey });
  }, [done, qc]);

  const reset = () => {
    setFile(null);
    setFileError(null);
    setJobId(null);
    setFirst(null);
    upload.reset();
  };
  useEffect(() => {
    if (open) {
      reset();
      setSendEmail(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const start = () => {
    const problem = checkUserImportFiles(file ? [file] : []);
    if (problem) {
      setFileError(t(`users:${problem}`));
      return;
    }
    upload.mutate(
      { file: file!, createBy, sendEmail },
      {
        onSuccess: (j) => {
          setFirst(j);
          setJobId(jobIdOf(j));
        },
        onError: (e) => {
          if (isApiError(e) && e.fields?.file) setFileError(e.fields.file);
          else if (isApiError(e) && !e.handled) setFileError(e.message);
        },
      },
    );
  };

  const downloadTemplate = () =>
    template.mutate(undefined, {
      onSuccess: (f) => {
        if (!f) notification.error({ message: t('users:common.dataNotFound') });
        else saveFile(f.blob, f.fileName);
      },
    });

  const phase = upload.isPending ? 'UPLOADING' : (current?.status ?? null);

  return (
    <Modal
      open={open}
      title={t('users:import.title')}
      onCancel={onClose}
      maskClosable={!phase || done}
      destroyOnHidden
      width={560}
      data-testid="import-users"
      footer={
        done ? (
          <Space>
            <Button onClick={reset}>{t('users:import.again')}</Button>
            <Button type="primary" onClick={onClose}>
              {t('users:import.close')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button type="primary" onClick={start} loading={!!phase} disabled={!file} data-testid="import-start">
              {t('users:import.start')}
            </Button>
          </Space>
        )
      }
    >
      {!phase ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('users:import.rules')} />
          <Button icon={<DownloadOutlined />} onClick={downloadTemplate} loading={template.isPending} data-testid="download-template">
            {t('users:import.template')}
          </Button>
          <Upload.Dragger
            accept=".xlsx,.xls"
            maxCount={1}
            multiple={false}
            fileList={file ? [{ uid: 'f', name: file.name, size: file.size, status: 'done' }] : []}
            beforeUpload={(f, list) => {
              const problem = checkUserImportFiles(list);
              setFileError(problem ? t(`users:${problem}`) : null);
              setFile(problem ? null : f);
              return false;
            }}
            onRemove={() => {
              setFile(null);
              setFileError(null);
            }}
            data-testid="import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('users:import.drop')}</p>
            <p className="ant-upload-hint">{t('users:import.dropHint')}</p>
          </Upload.Dragger>
          {fileError && <Alert type="error" showIcon message={fileError} data-testid="import-error" />}
          <Checkbox checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} data-testid="import-send-email">
            {t('users:import.sendEmail')}
          </Checkbox>
        </Space>
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="import-progress">
          <Typography.Text strong>{t(`users:import.status.${phase}`)}</Typography.Text>
          <Progress
            percent={PERCENT[phase] ?? 50}
            status={phase === 'FAILED' ? 'exception' : done ? 'success' : 'active'}
            showInfo={done}
          />
          {current?.status === 'FAILED' && current.error && <Alert type="error" showIcon message={current.error} data-testid="import-job-error" />}
          {current?.status === 'DONE' && (
            <Descriptions column={1} size="small" bordered data-testid="import-result">
              <Descriptions.Item label={t('users:import.totalRows')}>{current.totalRows}</Descriptions.Item>
              <Descriptions.Item label={t('users:import.added')}>{current.added}</Descriptions.Item>
              <Descriptions.Item label={t('users:import.skipped')}>{current.skipped}</Descriptions.Item>
              {sendEmail && current.invited !== undefined && (
                <Descriptions.Item label={t('users:import.invited')}>{current.invited}</Descriptions.Item>
              )}
            </Descriptions>
          )}
          {current?.failedUrl && (
            <Space direction="vertical" size={4}>
              <Button icon={<DownloadOutlined />} href={current.failedUrl} download data-testid="import-failed-rows">
                {t('users:import.failedRows')}
              </Button>
              <Typography.Text type="secondary">{t('users:import.failedRowsHint')}</Typography.Text>
            </Space>
          )}
        </Space>
      )}
    </Modal>
  );
}
