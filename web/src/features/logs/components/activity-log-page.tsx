import { App, Button, Space, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@/components/icons';
import { useActivities } from '@/features/logs/api/get-activities';
import { useDownloadActivities } from '@/features/logs/api/download-activities';
import { useChoices } from '@/features/logs/api/get-choices';
import { codeParam, dayParam } from '@/components/report-filters';
import { ChoiceFilter, ScopeFilters } from '@/features/logs/components/log-filters';
import { useLogContext } from '@/features/logs/components/use-log-context';
import type { Activity } from '@/features/logs/types';
import { showDetail } from '@/features/logs/values';
import { PagedList, pagedListSpec } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { useListState } from '@/lib/use-list-state';

/** The record's state in the address: `?q=<person>&action=&branch=&from=&to=&page=&size=`. */
const LIST = pagedListSpec([], { action: codeParam, branch: codeParam, from: dayParam, to: dayParam });

/** The activity record (Super Admin, Branch Admin; /auth/activity-log): who did what and when, newest first. */
export default function ActivityLogPage() {
  const { t, lang, allBranches, timeZone, dateTime, branch } = useLogContext();
  const { notification } = App.useApp();
  const [state, setState] = useListState(LIST);
  const filter = {
    person: state.q, action: state.action, dateFrom: state.from, dateTo: state.to,
    entryBranch: allBranches ? state.branch : '',
  };
  const list = useActivities({ ...filter, page: state.page, size: state.size, lang });
  const choices = useChoices(lang);
  const download = useDownloadActivities();

  const downloadFile = () =>
    download.mutate(filter, {
      onSuccess: (f) => {
        if (!f) notification.error({ message: t('dataNotFound') });
      },
    });

  // fits 1280 wide: the address under the time, the detail under the action in the widest column
  const columns: TableColumnsType<Activity> = [
    {
      key: 'at', title: `${t('activity.when')} · ${t('activity.address')}`, width: 170,
      render: (_, a) => (
        <Space direction="vertical" size={0}>
          <span>{dateTime(a.at)}</span>
          {a.address && <Typography.Text type="secondary" data-testid="activity-address">{a.address}</Typography.Text>}
        </Space>
      ),
    },
    ...(allBranches ? [{ key: 'branch', title: t('filter.branch'), width: 80, render: (_: unknown, a: Activity) => <span data-testid="entry-branch">{branch(a.branchCode)}</span> }] : []),
    {
      key: 'who', title: t('activity.who'), width: 200,
      render: (_, a) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong data-testid="activity-actor">{a.actor || t('value.none')}</Typography.Text>
          {a.actorName && <Typography.Text>{a.actorName}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'action', title: `${t('activity.action')} · ${t('activity.detail')}`,
      render: (_, a) => {
        const detail = showDetail(a.detail, lang, timeZone, t);
        return (
          <Space direction="vertical" size={0}>
            <span data-testid="activity-action">{a.actionLabel}</span>
            {detail && <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }} data-testid="activity-detail">{detail}</Typography.Text>}
          </Space>
        );
      },
    },
  ];

  return (
    <ScreenFrame title={t('activity.title')} subtitle={t('activity.subtitle')} testId="activity-log-page">
      <PagedList<Activity>
        state={state}
        onChange={setState}
        search={{ placeholder: t('activity.person'), testId: 'activity-person', width: 280 }}
        filters={
          <>
            <ChoiceFilter
              label={t('activity.action')}
              all={t('activity.allActions')}
              value={state.action}
              onChange={(action) => setState({ action })}
              choices={choices.data?.actions}
              width={260}
              testId="activity-action-filter"
            />
            <ScopeFilters value={state} onChange={setState} />
          </>
        }
        actions={
          <Button icon={<DownloadOutlined />} onClick={downloadFile} loading={download.isPending} data-testid="activity-download">
            {t('activity.download')}
          </Button>
        }
        columns={columns}
        list={list}
        scrollX={900}
        testId="activity-table"
      />
    </ScreenFrame>
  );
}
