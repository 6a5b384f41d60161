import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DELETE_WORD, NS, matchesDeleteWord } from '@/components/texts';

type Props = {
  open: boolean;
  title: ReactNode;
  /** What the deletion means (cannot be undone, the account can no longer sign in…). */
  description: ReactNode;
  /** What is deleted (a list of the rows), between the description and the word. */
  children?: ReactNode;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Every deletion asks for the Thai word ลบ (SPEC.md §5), in both languages: the button stays
 * off until it is typed; Enter confirms once it is.
 */
export function TypeToDeleteModal({ open, title, description, children, pending, onConfirm, onCancel }: Props) {
  const { t } = useTranslation(NS);
  const [value, setValue] = useState('');
  useEffect(() => {
    if (open) setValue('');
  }, [open]);
  const ok = matchesDeleteWord(value);

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      onOk={() => ok && onConfirm()}
      okText={t('deleteConfirm.ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true, disabled: !ok, loading: pending, 'data-testid': 'delete-confirm-ok' } as never}
      destroyOnHidden
      centered
    >
      <div data-testid="delete-confirm">
        <Alert type="warning" showIcon message={description} style={{ marginBottom: 16 }} />
        {children}
        <Form layout="vertical" onFinish={() => ok && onConfirm()}>
          <Form.Item
            label={<Typography.Text>{t('deleteConfirm.typeWord', { word: DELETE_WORD })}</Typography.Text>}
            validateStatus={value && !ok ? 'error' : undefined}
            help={value && !ok ? t('deleteConfirm.mismatch', { word: DELETE_WORD }) : undefined}
            style={{ marginBottom: 0 }}
          >
            <Input
              autoFocus
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder={t('deleteConfirm.placeholder', { word: DELETE_WORD })}
              aria-label={t('deleteConfirm.typeWord', { word: DELETE_WORD })}
              data-testid="delete-word"
              autoComplete="off"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
