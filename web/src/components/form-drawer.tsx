// The drawer of a record's form (master data, menus): a click beside it keeps what was typed,
// Escape and its ✕ ask first when something was changed (useGuardedClose), Cancel and Save
// below.
import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/components/texts';

type Props = {
  open: boolean;
  title: string;
  width: number;
  testId: string;
  /** Escape and the ✕: `useGuardedClose(open, onClose).close`. */
  onClose: () => void;
  /** The Cancel button: closes at once (it says what it does). */
  onCancel: () => void;
  /** The Save button: `form.submit()`. */
  onSave: () => void;
  saving: boolean;
  children: ReactNode;
};

/** A form's drawer with Cancel and Save (`form-save`) in its footer. */
export function FormDrawer({ open, title, width, testId, onClose, onCancel, onSave, saving, children }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={width}
      title={title}
      destroyOnHidden
      maskClosable={false}
      data-testid={testId}
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid="form-save">
            {t('save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
