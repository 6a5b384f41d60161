// What ordering for many patients at once shares (the ticked patients' order, a ward's copy):
// the modal that shows its form until the server answers, then the answer; the call with its
// idempotency key, new for each open and after each answer.
import { Alert, App, List, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/orders/i18n';
import { endsAttempt, errorText, newKey } from '@/features/orders/answers';
import type { ManyResult } from '@/features/orders/types';

type Answered = { onSuccess: (r: ManyResult) => void; onError: (e: unknown) => void };

/** The answer of a call that orders for many patients, the idempotency key its body carries, and `send`. */
export function useManyOrder<B>(open: boolean, mutation: { mutate(body: B, answered: Answered): void }) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const [result, setResult] = useState<ManyResult | null>(null);
  const [error, setError] = useState('');
  const key = useRef(newKey());

  useEffect(() => {
    if (open) {
      setResult(null);
      setError('');
      key.current = newKey();
    }
  }, [open]);

  const send = (body: B) => {
    setError('');
    mutation.mutate(body, {
      onSuccess: (r) => {
        setResult(r);
        if ((r.refused ?? []).length === 0) notification.success({ message: t('messages.submitted') });
      },
      onError: (e) => {
        // an answer (not a lost connection) ends this attempt: the next one is a new request
        if (endsAttempt(e)) key.current = newKey();
        setError(errorText(e, t('messages.submitFailed')) ?? '');
      },
    });
  };
  return { result, error, send, key: () => key.current };
}

type ModalProps = {
  open: boolean;
  title: string;
  okText: string;
  /** the form is complete: OK sends */
  ready: boolean;
  pending: boolean;
  width: number;
  testId: string;
  okTestId: string;
  answer: { result: ManyResult | null; error: string };
  /** names a refused patient in the answer */
  who?: (hn: string) => string;
  onSend: () => void;
  /** done: the server answered */
  onClose: (done: boolean) => void;
  children: React.ReactNode;
};

/** The form until the server answers (with the failure under it), then the answer; Back is gone once answered. */
export function ManyOrderModal({ open, title, okText, ready, pending, width, testId, okTestId, answer, who, onSend, onClose, children }: ModalProps) {
  const { t } = useTranslation(NS);
  const { result, error } = answer;
  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => onClose(result !== null)}
      onOk={result ? () => onClose(true) : onSend}
      okText={result ? t('common.close') : okText}
      okButtonProps={{ disabled: !result && !ready, loading: pending, 'data-testid': okTestId } as never}
      cancelButtonProps={{ style: result ? { display: 'none' } : undefined }}
      cancelText={t('common.back')}
      width={width}
      destroyOnHidden
      data-testid={testId}
    >
      {result ? (
        <ManyResultView result={result} who={who} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {children}
          {error && <Alert type="error" showIcon message={error} />}
        </Space>
      )}
    </Modal>
  );
}

/**
 * What submitOrderMany / copyOrders answered: how many patients were ordered, and each refused
 * one with its problems (named by bed and name when the screen knows them: `who`).
 */
function ManyResultView({ result, who }: { result: ManyResult; who?: (hn: string) => string }) {
  const { t } = useTranslation(NS);
  const ordered = result.ordered ?? [];
  const refused = result.refused ?? [];
  return (
    <div data-testid="many-result">
      <Alert type={refused.length > 0 ? 'warning' : 'success'} showIcon message={t('bulk.result', { ordered: ordered.length, refused: refused.length })} />
      {refused.some((r) => (r.problems ?? []).some((p) => p.code === 'FREE_TEXT')) && (
        <Alert type="info" showIcon style={{ marginTop: 8 }} message={t('freeText.copyHint')} data-testid="free-text-hint" />
      )}
      {refused.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('bulk.refused')}</Typography.Text>}
          dataSource={refused}
          data-testid="refused-list"
          renderItem={(r) => (
            <List.Item data-hn={r.hnId}>
              <Typography.Text strong>{who?.(r.hnId) || r.hnId}</Typography.Text>: {(r.problems ?? []).map((p) => p.message).join('; ')}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
