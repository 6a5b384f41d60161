import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SyncOutlined } from '@/components/icons';
import { isApiError } from '@/lib/api-client';
import { useScreenMutation } from '@/lib/screen-errors';
import { getSyncQueryOptions, useSync } from '@/features/patients/api/get-sync';
import { patientsKey } from '@/features/patients/api/keys';
import { startSync } from '@/features/patients/api/start-sync';
import { NS } from '@/features/patients/i18n';
import { SyncReportView } from '@/features/patients/components/sync-report';
import { isSyncRunning, syncProgress } from '@/features/patients/sync';
import { useLabels } from '@/features/patients/use-labels';

/**
 * The hospital sync (Controller, docs/api.md "The hospital sync"): the button starts it (or,
 * while one runs, answers that one), the dialog follows it every 2 s with its phase and
 * progress, then shows the report's counts or why it failed; the list reloads when it ends.
 */
export function HospitalSync() {
  const { t } = useTranslation(NS);
  const labels = useLabels();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [followed, setFollowed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useScreenMutation({ mutationFn: startSync });
  const sync = useSync(labels.branch, followed);
  const job = sync.data ?? null;
  const running = isSyncRunning(job);
  const ended = followed && job !== null && !running;

  useEffect(() => {
    if (ended) void qc.invalidateQueries({ queryKey: patientsKey });
  }, [ended, qc]);

  async function begin() {
    setProblem(null);
    setOpen(true);
    try {
      const started = await start.mutateAsync({ branchCode: labels.branch, createBy: labels.me });
      qc.setQueryData(getSyncQueryOptions(labels.branch).queryKey, started);
      setFollowed(true);
    } catch (e) {
      if (isApiError(e) && !e.handled) setProblem(e.message);
      else setOpen(false);
    }
  }

  const progress = job ? syncProgress(job) : null;

  return (
    <>
      <Button icon={<SyncOutlined spin={running} />} loading={start.isPending} onClick={() => void begin()} data-testid="sync-open">
        {t('sync.button')}
      </Button>
      <Modal
        open={open}
        title={t('sync.title')}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)} data-testid="sync-close">
            {t('sync.close')}
          </Button>
        }
        width={640}
        data-testid="sync-dialog"
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {problem && <Alert type="error" showIcon message={problem} data-testid="sync-problem" />}
          {followed && job && progress && (
            <>
              <Typography.Text strong data-testid="sync-phase">
                {job.phaseLabel}
              </Typography.Text>
              <Progress percent={progress.percent} status={progress.status} data-testid="sync-progress" />
              {running && <Typography.Text type="secondary">{t('sync.running')}</Typography.Text>}
              {job.status === 'FAILED' && <Alert type="error" showIcon message={job.error || t('sync.failed')} data-testid="sync-error" />}
              {job.status === 'DONE' && <SyncReportView job={job} />}
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}
