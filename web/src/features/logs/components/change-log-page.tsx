import { ArrowRightOutlined } from '@ant-design/icons';
import { Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useChanges } from '@/features/logs/api/get-changes';
import { useChoices } from '@/features/logs/api/get-choices';
import { codeParam, dayParam } from '@/components/report-filters';
import { ChoiceFilter, ScopeFilters } from '@/features/logs/components/log-filters';
import { useLogContext } from '@/features/logs/components/use-log-context';
import type { Change } from '@/features/logs/types';
import { showValue } from '@/features/logs/values';
import { PagedList, pagedListSpec } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { textParam, useListState } from '@/lib/use-list-state';

/** The log's state in the address: `?q=<person>&entity=&record=&branch=&from=&to=&page=&size=`. */
const LIST = pagedListSpec([], { entity: codeParam, record: textParam(), branch: codeParam, from: dayParam, to: dayParam });

const ACTION_COLORS: Record<string, string> = { create: 'blue', update: 'default', delete: 'red' };

/** The record key box: what is typed applies on Enter, like the search. */
function RecordFilter({ value, onChange, placeholder }: { value: string; onChange: (v: string) => void; placeholder: string }) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  return (
    <Input.Search
      allowClear
      value={typed}
      onChange={(e) => {
        setTyped(e.target.value);
        if (e.target.value === '' && value !== '') onChange('');
      }}
      onSearch={(v) => onChange(v.trim())}
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width: 180 }}
      data-testid="change-record"
    />
  );
}

/** The change log (Super Admin, Branch Admin; /auth/change-log): every write of a record, field by field, newest first. */
export default function ChangeLogPage() {
  const { t, lang, allBranches, timeZone, dateTime, branch } = useLogContext();
  const [state, setState] = useListState(LIST);
  const list = useChanges({
    person: state.q, entity: state.entity, entityId: state.record, dateFrom: state.from, dateTo: state.to,
    entryBranch: allBranches ? state.branch : '', page: state.page, size: state.size, lang,
  });
  const choices = useChoices(lang);
  const shown = (v: unknown) => showValue(v, lang, timeZone, t) || t('value.none');

  const columns: TableColumnsType<Change> = [
    { key: 'changedAt', title: t('changes.when'), width: 150, render: (_, c) => dateTime(c.changedAt) },
    ...(allBranches ? [{ key: 'branch', title: t('filter.branch'), width: 100, render: (_: unknown, c: Change) => <span data-testid="entry-branch">{branch(c.branchCode)}</span> }] : []),
    {
      key: 'what', title: t('changes.what'), width: 170,
      render: (_, c) => (
        <Space direction="vertical" size={2}>
          <Typography.Text strong data-testid="change-entity">{c.entityLabel}</Typography.Text>
          <Typography.Text type="secondary" data-testid="change-key">{c.entityId}</Typography.Text>
          <Tag color={ACTION_COLORS[c.action]} style={{ marginInlineEnd: 0 }} data-testid="change-action">{t(`changes.${c.action}`)}</Tag>
        </Space>
      ),
    },
    {
      key: 'who', title: t('changes.who'), width: 150,
      render: (_, c) => (
        <Space direction="vertical" size={0}>
          <Typography.Text data-testid="change-by">{c.changedBy}</Typography.Text>
          {c.changerName && <Typography.Text type="secondary">{c.changerName}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'fields', title: `${t('changes.field')} · ${t('changes.before')} → ${t('changes.after')}`,
      render: (_, c) =>
        c.fields.length === 0 ? (
          <Typography.Text type="secondary">{t('changes.noFields')}</Typography.Text>
        ) : (
          <table className="change-fields" style={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed' }}>
            <colgroup>
              <col style={{ width: '28%' }} />
              <col style={{ width: '34%' }} />
              <col style={{ width: 28 }} />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th style={{ textAlign: 'start', fontWeight: 500, padding: '2px 8px 2px 0' }}>{t('changes.field')}</th>
                <th style={{ textAlign: 'start', fontWeight: 500, padding: '2px 8px' }}>{t('changes.before')}</th>
                <th aria-hidden />
                <th style={{ textAlign: 'start', fontWeight: 500, padding: '2px 0 2px 8px' }}>{t('changes.after')}</th>
              </tr>
            </thead>
            <tbody>
              {c.fields.map((f) => (
                <tr key={f.field} data-testid="change-field" data-field={f.field}>
                  <th scope="row" style={{ textAlign: 'start', fontWeight: 400, padding: '2px 8px 2px 0', verticalAlign: 'top' }} data-testid="change-label">{f.label}</th>
                  <td style={{ padding: '2px 8px', verticalAlign: 'top' }} data-testid="change-before">
                    <Typography.Text type="secondary" delete={c.action === 'update'}>{shown(f.before)}</Typography.Text>
                  </td>
                  <td style={{ padding: '2px 4px', verticalAlign: 'top' }} aria-hidden>
                    <ArrowRightOutlined />
                  </td>
                  <td style={{ padding: '2px 0 2px 8px', verticalAlign: 'top' }} data-testid="change-after">
                    <Typography.Text>{shown(f.after)}</Typography.Text>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ),
    },
  ];

  return (
    <ScreenFrame title={t('changes.title')} subtitle={t('changes.subtitle')} testId="change-log-page">
      <PagedList<Change>
        state={state}
        onChange={setState}
        search={{ placeholder: t('changes.person'), testId: 'change-person', width: 240 }}
        filters={
          <>
            <ChoiceFilter
              label={t('changes.entity')}
              all={t('changes.allEntities')}
              value={state.entity}
              onChange={(entity) => setState({ entity })}
              choices={choices.data?.entities}
              width={240}
              testId="change-entity-filter"
            />
            <RecordFilter value={state.record} onChange={(record) => setState({ record })} placeholder={t('changes.record')} />
            <ScopeFilters value={state} onChange={setState} />
          </>
        }
        columns={columns}
        list={list}
        scrollX={900}
        testId="change-log-table"
      />
    </ScreenFrame>
  );
}
