import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/master-data/i18n';

type Props = {
  name: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Deletion asks the user to type the Thai word ลบ (SPEC.md §5). */
export function DeleteConfirmModal({ name, pending, onConfirm, onCancel }: Props) {
  const { t } = useTranslation(NS);
  const [typed, setTyped] = useState('');
  const word = t('deleteConfirm.word');
  const ok = typed.trim() === word;
  return (
    <Modal
      open={name !== null}
      title={t('deleteConfirm.title', { name: name ?? '' })}
      okText={t('action.delete')}
      cancelText={t('action.cancel')}
      okButtonProps={{ danger: true, disabled: !ok, loading: pending, 'data-testid': 'delete-ok' } as never}
      onOk={() => ok && onConfirm()}
      onCancel={onCancel}
      afterClose={() => setTyped('')}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('deleteConfirm.description', { word })}</Typography.Paragraph>
      <Input
        autoFocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={t('deleteConfirm.placeholder', { word })}
        aria-label={t('deleteConfirm.placeholder', { word })}
        data-testid="delete-word"
        status={typed && !ok ? 'warning' : undefined}
        onPressEnter={() => ok && onConfirm()}
      />
      {typed && !ok && (
        <Typography.Text type="warning" style={{ display: 'block', marginTop: 4 }}>
          {t('deleteConfirm.mismatch', { word })}
        </Typography.Text>
      )}
    </Modal>
  );
}
