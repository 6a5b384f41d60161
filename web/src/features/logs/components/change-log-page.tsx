import { Button, Input, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { ArrowRightOutlined } from '@/components/icons';
import { useSearchBoxParts } from '@/components/search-box-parts';
import { useChanges } from '@/features/logs/api/get-changes';
import { useChoices } from '@/features/logs/api/get-choices';
import { codeParam, dayParam } from '@/components/report-filters';
import { ChoiceFilter, ScopeFilters } from '@/features/logs/components/log-filters';
import { useLogContext } from '@/features/logs/components/use-log-context';
import type { Change } from '@/features/logs/types';
import { showValue } from '@/features/logs/values';
import { PagedList, pagedListSpec } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { formatDate } from '@/lib/dates';
import { textParam, useListState } from '@/lib/use-list-state';

/** The log's state in the address: `?q=<person>&entity=&record=&branch=&from=&to=&page=&size=`. */
const LIST = pagedListSpec([], { entity: codeParam, record: textParam(), branch: codeParam, from: dayParam, to: dayParam });

const ACTION_COLORS: Record<string, string> = { create: 'blue', update: 'default', delete: 'red' };

/** The record key box: what is typed applies on Enter, like the search. */
function RecordFilter({ value, onChange, placeholder }: { value: string; onChange: (v: string) => void; placeholder: string }) {
  const [typed, setTyped] = useState(value);
  const searchParts = useSearchBoxParts();
  useEffect(() => setTyped(value), [value]);
  return (
    <Input.Search
      {...searchParts}
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

/** How many fields a change shows before "show all": a row stays a few lines tall. */
const FIELDS_SHOWN = 3;

/** A change's record by name (the patient, meal and day of an order), its key when it has none; picking it shows the record's whole history. */
function RecordLink({ change: c, lang, onPick }: { change: Change; lang: string; onPick: () => void }) {
  const r = c.record;
  return (
    <Typography.Link onClick={onPick} title={c.entityId} data-testid="change-key" data-key={c.entityId} style={{ overflowWrap: 'anywhere' }}>
      {r ? (
        <>
          <span data-testid="change-name">{[r.code, r.name].filter(Boolean).join(' ')}</span>
          {(r.meal || r.date) && (
            <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="change-meal">
              {[r.meal, r.date && formatDate(`${r.date}T12:00:00Z`, lang, 'UTC')].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </>
      ) : (
        c.entityId
      )}
    </Typography.Link>
  );
}

/** A change's fields, before → after (a creation its values, a deletion what the record held), the first few with the rest a click away. */
function FieldTable({ change: c, shown }: { change: Change; shown: (v: unknown) => string }) {
  const { t } = useLogContext();
  const [all, setAll] = useState(false);
  if (c.fields.length === 0) return <Typography.Text type="secondary">{t('changes.noFields')}</Typography.Text>;
  const fields = all ? c.fields : c.fields.slice(0, FIELDS_SHOWN);
  const more = c.fields.length - FIELDS_SHOWN;
  const both = c.action === 'update';
  const cell = { padding: '2px 8px', verticalAlign: 'top', overflowWrap: 'anywhere' } as const;
  return (
    <>
      <table className="change-fields" style={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed' }}>
        <colgroup>
          <col style={{ width: '30%' }} />
          {both && <col style={{ width: '33%' }} />}
          {both && <col style={{ width: 24 }} />}
          <col />
        </colgroup>
        <thead className="sr-only">
          <tr>
            <th>{t('changes.field')}</th>
            {c.action !== 'create' && <th>{t('changes.before')}</th>}
            {both && <th aria-hidden />}
            {c.action !== 'delete' && <th>{t('changes.after')}</th>}
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.field} data-testid="change-field" data-field={f.field}>
              <th scope="row" style={{ ...cell, paddingInlineStart: 0, textAlign: 'start', fontWeight: 400 }} data-testid="change-label">
                <Typography.Text type="secondary">{f.label}</Typography.Text>
              </th>
              {c.action !== 'create' && (
                <td style={cell} data-testid="change-before">
                  <Typography.Text type="secondary" delete={both}>{shown(f.before)}</Typography.Text>
                </td>
              )}
              {both && (
                <td style={{ ...cell, padding: '2px 0' }} aria-hidden>
                  <ArrowRightOutlined />
                </td>
              )}
              {c.action !== 'delete' && (
                <td style={{ ...cell, paddingInlineEnd: 0 }} data-testid="change-after">
                  <Typography.Text>{shown(f.after)}</Typography.Text>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setAll(!all)} aria-expanded={all} data-testid="change-more">
          {all ? t('changes.fewerFields') : t('changes.moreFields', { count: more })}
        </Button>
      )}
    </>
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
    {
      key: 'changedAt', title: `${t('changes.when')} · ${t('changes.who')}`, width: 180,
      render: (_, c) => (
        <Space direction="vertical" size={0}>
          <span>{dateTime(c.changedAt)}</span>
          <span>
            <Typography.Text data-testid="change-by">{c.changedBy}</Typography.Text>
            {c.changerName && <Typography.Text type="secondary"> {c.changerName}</Typography.Text>}
          </span>
        </Space>
      ),
    },
    ...(allBranches ? [{ key: 'branch', title: t('filter.branch'), width: 80, render: (_: unknown, c: Change) => <span data-testid="entry-branch">{branch(c.branchCode)}</span> }] : []),
    {
      key: 'what', title: t('changes.what'), width: 230,
      render: (_, c) => (
        <Space direction="vertical" size={0}>
          <Space size={6} wrap>
            <Typography.Text strong data-testid="change-entity">{c.entityLabel}</Typography.Text>
            <Tag color={ACTION_COLORS[c.action]} style={{ marginInlineEnd: 0 }} data-testid="change-action">{t(`changes.${c.action}`)}</Tag>
          </Space>
          <RecordLink change={c} lang={lang} onPick={() => setState({ record: c.entityId, entity: c.entity })} />
        </Space>
      ),
    },
    {
      key: 'fields', title: `${t('changes.field')} · ${t('changes.before')} → ${t('changes.after')}`,
      render: (_, c) => <FieldTable change={c} shown={shown} />,
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
