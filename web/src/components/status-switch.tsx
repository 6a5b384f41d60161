// The active/inactive switch of a list row (menus, master data): asks before saving the other
// status, says when it is saved, and shows a refusal in a dialog, in full.
import { App, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '@/components/texts';
import { isApiError } from '@/lib/api-client';

export type Status = 'ACTIVE' | 'INACTIVE';

export function StatusSwitch({ status, name, onSave }: { status: Status; name: string; onSave: (next: Status) => Promise<unknown> }) {
  const { t } = useTranslation(NS);
  const { modal, notification } = App.useApp();
  return (
    <Switch
      checked={status === 'ACTIVE'}
      checkedChildren={t('status.ACTIVE')}
      unCheckedChildren={t('status.INACTIVE')}
      data-testid="status-switch"
      onChange={(on) =>
        modal.confirm({
          title: t(on ? 'statusConfirm.activateTitle' : 'statusConfirm.deactivateTitle'),
          content: t(on ? 'statusConfirm.activate' : 'statusConfirm.deactivate', { name }),
          okText: t(on ? 'statusConfirm.activateOk' : 'statusConfirm.deactivateOk'),
          cancelText: t('cancel'),
          onOk: async () => {
            try {
              await onSave(on ? 'ACTIVE' : 'INACTIVE');
              notification.success({ message: t('statusConfirm.saved') });
            } catch (e) {
              // a refusal (an overlapping round, an inactive ingredient) in a dialog, in full
              if (isApiError(e) && !e.handled) modal.error({ title: t('statusConfirm.saveFailed'), content: e.message });
            }
          },
        })
      }
    />
  );
}
