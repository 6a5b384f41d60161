import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { inviteUser, useInviteUser } from '@/features/users/api/invite-user';
import { useInviteUsersByStatus, type InviteScope } from '@/features/users/api/invite-users-by-status';
import { isApiError } from '@/lib/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { usersKey } from '@/features/users/api/keys';

/**
 * Invitations with confirmation: one account, or a round by status. A send failure (503
 * MAIL_FAILED, or ids in `failed`) is told with a retry that invites those accounts again.
 */
export function useInviteFlow(inviteBy: string) {
  const { t } = useTranslation(['users', 'common']);
  const { modal, notification } = App.useApp();
  const one = useInviteUser();
  const round = useInviteUsersByStatus();
  const qc = useQueryClient();

  const retryFailed = (ids: number[]) => {
    modal.confirm({
      title: t('users:invite.failedTitle'),
      content: <span data-testid="invite-failed">{t('users:invite.failedSome', { count: ids.length })}</span>,
      okText: t('users:invite.retry'),
      cancelText: t('users:invite.later'),
      onOk: async () => {
        const still: number[] = [];
        let sent = 0;
        for (const id of ids) {
          try {
            await inviteUser({ userId: id, inviteBy });
            sent++;
          } catch (e) {
            if (isApiError(e) && e.code === 'MAIL_FAILED') still.push(id);
            else if (isApiError(e) && !e.handled) notification.error({ message: e.message });
          }
        }
        void qc.invalidateQueries({ queryKey: usersKey });
        if (sent > 0) notification.success({ message: t('users:invite.sentCount', { count: sent }) });
        if (still.length > 0) retryFailed(still);
      },
    });
  };

  const sendOne = (userId: number, email: string) => {
    one.mutate(
      { userId, inviteBy },
      {
        onSuccess: () => notification.success({ message: t('users:invite.sent', { email }) }),
        onError: (e) => {
          if (isApiError(e) && e.code === 'MAIL_FAILED') {
            modal.confirm({
              title: t('users:invite.failedTitle'),
              content: <span data-testid="invite-failed">{t('users:invite.failedOne', { email })}</span>,
              okText: t('users:invite.retry'),
              cancelText: t('users:invite.later'),
              onOk: () => sendOne(userId, email),
            });
          } else if (isApiError(e) && !e.handled) {
            notification.error({ message: e.message });
          }
        },
      },
    );
  };

  const inviteOne = (userId: number, email: string) =>
    modal.confirm({
      title: t('users:invite.confirmOneTitle', { email }),
      content: t('users:invite.confirmOne'),
      okText: t('users:invite.ok'),
      cancelText: t('common:cancel'),
      onOk: () => sendOne(userId, email),
    });

  const inviteByStatus = (status: InviteScope) =>
    modal.confirm({
      title: t('users:invite.confirmAllTitle'),
      content: status === 'NOT_INVITED' ? t('users:invite.confirmNotInvited') : t('users:invite.confirmNotInvitedAndWaiting'),
      okText: t('users:invite.ok'),
      cancelText: t('common:cancel'),
      onOk: () =>
        round.mutate(
          { status, inviteBy },
          {
            onSuccess: (res) => {
              const failed = res?.failed ?? [];
              if (res?.invited) notification.success({ message: t('users:invite.sentCount', { count: res.invited }) });
              else if (failed.length === 0) notification.info({ message: t('users:invite.noneToSend') });
              if (failed.length > 0) retryFailed(failed);
            },
            onError: (e) => {
              if (isApiError(e) && !e.handled) notification.error({ message: e.message });
            },
          },
        ),
    });

  return { inviteOne, inviteByStatus, pending: one.isPending || round.isPending };
}
