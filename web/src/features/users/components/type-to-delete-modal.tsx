import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The word a deletion asks for (SPEC.md §5): Thai "delete", in both languages. */
export const DELETE_WORD = 'ลบ';

export function matchesDeleteWord(value: string): boolean {
  return value.trim() === DELETE_WORD;
}

type Props = {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks for the Thai word ลบ before a deletion; the button stays off until it is typed. */
export function TypeToDeleteModal({ open, title, children, pending, onConfirm, onCancel }: Props) {
  const { t } = useTranslation(['users', 'common']);
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
      okText={t('users:delete.ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ danger: true, disabled: !ok, loading: pending, 'data-testid': 'delete-confirm-ok' } as never}
      destroyOnHidden
      centered
    >
      <div data-testid="delete-confirm">
        <Alert type="warning" showIcon message={t('users:delete.description')} style={{ marginBottom: 16 }} />
        {children}
        <Form layout="vertical" onFinish={() => ok && onConfirm()}>
          <Form.Item
            label={
              <Typography.Text>
                {t('users:delete.typeWord', { word: DELETE_WORD })}
              </Typography.Text>
            }
            validateStatus={value && !ok ? 'error' : undefined}
            help={value && !ok ? t('users:delete.mismatch', { word: DELETE_WORD }) : undefined}
            style={{ marginBottom: 0 }}
          >
            <Input
              autoFocus
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder={t('users:delete.placeholder', { word: DELETE_WORD })}
              data-testid="delete-word"
              autoComplete="off"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
