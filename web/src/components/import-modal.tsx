import { Alert, Button, Descriptions, Modal, Progress, Space, Typography, Upload, type UploadFile } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InboxOutlined } from '@/components/icons';
import { NS } from '@/components/texts';
import { isApiError } from '@/lib/api-client';
import { checkImportFiles, type ImportFormats } from '@/lib/import-file';
import { getUploadJobQueryOptions, isFinished, useUploadJob, type UploadJob, type UploadJobCount } from '@/lib/upload-job';
import { useScreenMutation } from '@/lib/screen-errors';

type Props = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What the import does, above the file. */
  hint: ReactNode;
  /** The import's template (a button that downloads it), under the hint. */
  template?: ReactNode;
  formats: ImportFormats;
  /** Sends the file (POST /upload/…); answers the queued job. */
  upload: (file: File) => Promise<UploadJob>;
  /** The counts a finished job shows, each with the screen's label. */
  counts: { key: UploadJobCount; label: string }[];
  /** The area's query key: its lists are read again when the job ends. */
  reload: QueryKey;
  /** More choices under the file (the users import's "send invitations"). */
  children?: ReactNode;
};

const PERCENT: Record<string, number> = { UPLOADING: 10, QUEUED: 25, RUNNING: 60, DONE: 100, FAILED: 100, LOST: 100 };

/**
 * Every Excel import (SPEC.md §5): one file of the import's formats, checked before anything
 * is sent; the server's refusal (422, 413) in the dialog; then the job, followed until it
 * ends, with its counts, the reason of a failed job and the failed rows to download.
 */
export function ImportModal({ open, onClose, title, hint, template, formats, upload, counts, reload, children }: Props) {
  const { t } = useTranslation(NS);
  const qc = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const send = useScreenMutation({ mutationFn: upload });
  const job = useUploadJob(jobId, reload);
  const j = job.data;
  const finished = isFinished(j);
  // asking about the job failed (and was told): it is no longer followed
  const lost = jobId !== null && !finished && job.isError;
  const formatList = formats.join(', ');

  const check = (chosen: readonly File[]) => {
    const key = checkImportFiles(chosen, formats);
    return key ? t(key, { formats: formatList }) : null;
  };

  function reset() {
    setFiles([]);
    setProblem(null);
    setJobId(null);
    send.reset();
  }

  async function start() {
    const wrong = check(files);
    setProblem(wrong);
    if (wrong) return;
    try {
      const queued = await send.mutateAsync(files[0]);
      qc.setQueryData(getUploadJobQueryOptions(queued.jobId).queryKey, queued);
      setJobId(queued.jobId);
    } catch (e) {
      // 422/413 name the file's problem in the caller's language
      if (isApiError(e) && !e.handled) setProblem(Object.values(e.fields ?? {})[0] ?? e.message);
    }
  }

  const phase = lost ? 'LOST' : send.isPending ? 'UPLOADING' : jobId !== null ? (j?.status ?? 'QUEUED') : null;
  const running = phase !== null && phase !== 'LOST' && !finished;
  const fileList: UploadFile[] = files.map((f, i) => ({ uid: `${i}-${f.name}`, name: f.name, size: f.size, status: 'done' }));

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      maskClosable={!running}
      width={560}
      data-testid="import-dialog"
      footer={
        jobId === null ? (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={send.isPending} onClick={() => void start()} data-testid="import-start">
              {t('import.start')}
            </Button>
          </Space>
        ) : (
          <Space>
            {!running && <Button onClick={reset}>{t('import.again')}</Button>}
            <Button type="primary" onClick={onClose} data-testid="import-close">
              {t('close')}
            </Button>
          </Space>
        )
      }
    >
      {jobId === null ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={hint} />
          {template}
          <Upload.Dragger
            multiple
            accept={formats.join(',')}
            fileList={fileList}
            // each choice replaces the last; nothing is sent before Import
            beforeUpload={(_file, chosen) => {
              setFiles(chosen);
              setProblem(check(chosen));
              return false;
            }}
            onRemove={(f) => {
              const left = files.filter((_, i) => fileList[i].uid !== f.uid);
              setFiles(left);
              setProblem(left.length > 0 ? check(left) : null);
            }}
            data-testid="import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.drop', { formats: formatList })}</p>
          </Upload.Dragger>
          {problem && <Alert type="error" showIcon message={problem} data-testid="import-problem" />}
          {children}
        </Space>
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="import-progress">
          <Typography.Text strong data-testid="import-status">
            {j?.fileName ?? files[0]?.name} — {t(`import.jobStatus.${phase ?? 'QUEUED'}`)}
          </Typography.Text>
          <Progress
            percent={PERCENT[phase ?? 'QUEUED']}
            status={phase === 'FAILED' || phase === 'LOST' ? 'exception' : phase === 'DONE' ? 'success' : 'active'}
            showInfo={!running}
          />
          {j?.status === 'FAILED' && j.error && <Alert type="error" showIcon message={j.error} data-testid="import-job-error" />}
          {j?.status === 'DONE' && (
            <Descriptions size="small" bordered column={counts.length > 3 ? 3 : 1} data-testid="import-result">
              {counts.map((c) => (
                <Descriptions.Item key={c.key} label={c.label}>
                  <span data-testid={`count-${c.key}`}>{j[c.key]}</span>
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
