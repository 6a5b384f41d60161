import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Modal, Progress, Space, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useDownloadMasterData } from '@/features/master-data/api/download-master-data';
import { useUploadJob } from '@/features/master-data/api/get-upload-job';
import { useUploadMasterData } from '@/features/master-data/api/upload-master-data';
import { NS } from '@/features/master-data/i18n';
import { checkImportFiles } from '@/features/master-data/import-file';
import { inSentence, type KindType } from '@/features/master-data/kinds';

type Props = {
  type: KindType;
  branchCode: string;
  createBy: string;
  open: boolean;
  onClose: () => void;
};

const COUNTS = ['totalRows', 'added', 'updated', 'deleted', 'unchanged', 'skipped'] as const;

/** Import from Excel: client checks, upload, the job's progress and counts, failed rows. */
export function ImportModal({ type, branchCode, createBy, open, onClose }: Props) {
  const { t, i18n } = useTranslation(NS);
  const { notification } = App.useApp();
  const template = useDownloadMasterData();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const upload = useUploadMasterData();
  const job = useUploadJob(jobId);
  const j = job.data;

  function reset() {
    setFiles([]);
    setProblem(null);
    setJobId(null);
    upload.reset();
  }

  async function start() {
    const key = checkImportFiles(files.map((f) => ({ name: f.name, size: f.size ?? 0 })));
    if (key) {
      setProblem(t(key));
      return;
    }
    setProblem(null);
    try {
      const queued = await upload.mutateAsync({ type, branchCode, createBy, file: files[0].originFileObj as File });
      setJobId(queued.jobId);
    } catch (e) {
      if (!isApiError(e) || e.handled) return;
      // 422/413 name the file's problem in the caller's language.
      const fields = e.fields ?? (e.data as { fields?: Record<string, string> } | null)?.fields;
      setProblem(fields?.file ?? fields?.type ?? e.message);
    }
  }

  /** The kind's empty workbook (headers only): offered even when the list has no rows. */
  async function downloadTemplate() {
    try {
      const file = await template.mutateAsync({ type, branchCode, template: true });
      if (!file) {
        notification.warning({ message: t('toast.dataNotFound') });
        return;
      }
      saveFile(file.blob, file.fileName);
      notification.success({ message: t('toast.templateDownloaded') });
    } catch {
      /* the client and the query cache have told the user */
    }
  }

  const running = jobId !== null && (!j || j.status === 'QUEUED' || j.status === 'RUNNING');
  const percent = !j ? 10 : j.status === 'QUEUED' ? 25 : j.status === 'RUNNING' ? 60 : 100;

  return (
    <Modal
      open={open}
      title={t('import.title', { kind: inSentence(t(`kinds.${type}`), i18n.language) })}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      maskClosable={!running}
      width={560}
      footer={
        jobId === null ? (
          <Space>
            <Button onClick={onClose}>{t('action.cancel')}</Button>
            <Button type="primary" loading={upload.isPending} onClick={() => void start()} data-testid="import-start">
              {t('import.start')}
            </Button>
          </Space>
        ) : (
          <Space>
            {!running && <Button onClick={reset}>{t('import.another')}</Button>}
            <Button type="primary" onClick={onClose} data-testid="import-close">
              {t('action.close')}
            </Button>
          </Space>
        )
      }
    >
      {jobId === null ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            {t('import.hint')}
          </Typography.Paragraph>
          <Button type="link" icon={<DownloadOutlined />} loading={template.isPending} onClick={() => void downloadTemplate()} style={{ paddingInline: 0 }} data-testid="import-template">
            {t('import.template')}
          </Button>
          <Upload.Dragger
            multiple
            accept=".xlsx"
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              setFiles(fileList);
              setProblem(null);
            }}
            data-testid="import-dragger"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.drop')}</p>
          </Upload.Dragger>
          {problem && <Alert type="error" showIcon message={problem} data-testid="import-problem" />}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="import-result">
          <Typography.Text strong data-testid="import-status">
            {upload.data?.fileName} — {t(`import.jobStatus.${j?.status ?? 'QUEUED'}`)}
          </Typography.Text>
          <Progress
            percent={percent}
            status={j?.status === 'FAILED' ? 'exception' : j?.status === 'DONE' ? 'success' : 'active'}
            showInfo={!running}
          />
          {j?.status === 'FAILED' && j.error && <Alert type="error" showIcon message={j.error} data-testid="import-error" />}
          {j?.status === 'DONE' && (
            <Descriptions size="small" bordered column={3} data-testid="import-counts">
              {COUNTS.map((c) => (
                <Descriptions.Item key={c} label={t(`import.counts.${c}`)}>
                  <span data-testid={`count-${c}`}>{j[c]}</span>
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          {j?.failedUrl && (
            <Alert
              type="warning"
              showIcon
              message={t('import.failedRows', { count: j.skipped })}
              action={
                <Button size="small" href={j.failedUrl} target="_blank" rel="noopener" download data-testid="import-failed-rows">
                  {t('import.downloadFailed')}
                </Button>
              }
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
