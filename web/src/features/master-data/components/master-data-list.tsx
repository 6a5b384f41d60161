import { App, Button, Select, Space, Tag, Typography, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@/components/icons';
import { MUTED_TEXT } from '@/components/antd-provider';
import { PagedList, RowActions, pagedListSpec, sortOrder } from '@/components/paged-table';
import { StatusSwitch } from '@/components/status-switch';
import { TypeToDeleteModal } from '@/components/type-to-delete-modal';
import { isApiError } from '@/lib/api-client';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@/lib/dates';
import { oneOfParam, useListState } from '@/lib/use-list-state';
import { useSession } from '@/lib/use-session';
import { useBranches } from '@/lib/api/get-branches';
import { useDeleteMasterData } from '@/features/master-data/api/delete-master-data';
import { useDownloadMasterData } from '@/features/master-data/api/download-master-data';
import { useSearchMasterData, type SearchParams } from '@/features/master-data/api/search-master-data';
import { useUpdateMasterData } from '@/features/master-data/api/update-master-data';
import { ColorChip } from '@/features/master-data/components/color-chip';
import { MasterDataImport } from '@/features/master-data/components/import-modal';
import { MasterDataForm } from '@/features/master-data/components/master-data-form';
import { NS } from '@/features/master-data/i18n';
import {
  KINDS,
  NUTRIENT_UNIT,
  localName,
  type FieldSpec,
  type KindType,
  type ListItem,
  type MasterRecord,
  type Nutrient,
} from '@/features/master-data/kinds';

/** The columns of a kind the server sorts by: every one but lists (the time span by its start). */
function sortColumns(type: KindType): string[] {
  const kind = KINDS[type];
  return [
    'code',
    ...(kind.noName ? [] : ['nameTh', 'nameEn']),
    ...kind.fields.filter((f) => f.type !== 'list' && f.name !== 'endTime').map((f) => f.name),
    'status',
    'updatedAt',
  ];
}

/** The list's state in the address (`?q=&status=&page=&size=&sort=`), next to the screen's `tab`. */
function listSpec(type: KindType) {
  return pagedListSpec(sortColumns(type), { status: oneOfParam(['ALL', 'ACTIVE', 'INACTIVE'] as const, 'ALL') });
}

/** The searchable, sortable, paged list of one kind, with its form, import and export. */
export function MasterDataList({ type }: { type: KindType }) {
  const kind = KINDS[type];
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification, modal } = App.useApp();
  const { userInfo } = useSession();
  const branchCode = userInfo?.current?.branchCode ?? '';
  const branches = useBranches();
  const timeZone = branches.data?.find((b) => b.code === branchCode)?.timeZone ?? DEFAULT_TIME_ZONE;

  const spec = useMemo(() => listSpec(type), [type]);
  const [state, setState] = useListState(spec);
  const { q: criteria, page, size, sort } = state;
  const status = state.status === 'ALL' ? undefined : state.status;
  const [editing, setEditing] = useState<MasterRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MasterRecord | null>(null);
  const [importing, setImporting] = useState(false);

  const params: SearchParams = { type, branch: branchCode, criteria, page, size, status, sortBy: sort.field, sortDesc: sort.desc };
  const list = useSearchMasterData(params);
  const update = useUpdateMasterData();
  const del = useDeleteMasterData();
  const download = useDownloadMasterData();

  const name = (r: MasterRecord) => (kind.noName ? r.code : localName(r, lang) || r.code);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await del.mutateAsync({ type, branchCode, id: deleting.id });
      notification.success({ message: t('toast.deleted') });
      setDeleting(null);
    } catch (e) {
      setDeleting(null);
      if (!isApiError(e) || e.handled) return;
      if (e.status === 409) modal.error({ title: t('deleteConfirm.inUseTitle'), content: e.message });
      else notification.error({ message: t('toast.deleteFailed'), description: e.message });
    }
  }

  async function exportExcel() {
    try {
      const file = await download.mutateAsync({ type, branchCode });
      if (!file) {
        notification.warning({ message: t('toast.dataNotFound') });
        return;
      }
      notification.success({ message: t('toast.exported') });
    } catch {
      /* the client and the query cache have told the user */
    }
  }

  const col = (key: string, extra: Partial<ColumnType<MasterRecord>> = {}): ColumnType<MasterRecord> => ({
    key,
    dataIndex: key,
    title: t(`fields.${key}`),
    sorter: true,
    sortOrder: sortOrder(sort, key),
    ...extra,
  });

  const fieldColumn = (f: FieldSpec): ColumnType<MasterRecord> => {
    switch (f.type) {
      case 'bool':
        return col(f.name, {
          width: 120,
          render: (v: unknown) => (v === true ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
        });
      case 'color':
        return col(f.name, { width: 110, render: (v: unknown) => (typeof v === 'string' ? <ColorChip color={v} /> : null) });
      case 'abbreviation':
        return col(f.name, {
          width: 110,
          render: (v: unknown, r: MasterRecord) => (
            <ColorChip color={String(r.mealColor ?? '#FFFFFF')} textColor={typeof r.textColor === 'string' ? r.textColor : undefined} label={String(v ?? '')} />
          ),
        });
      case 'ref':
        return col(f.name, {
          render: (_: unknown, r: MasterRecord) => {
            const code = r[`${f.base}Code`];
            if (!code) return <Typography.Text type="secondary">{t('notSet')}</Typography.Text>;
            return `${String(code)} · ${localName({ nameTh: r[`${f.base}NameTh`], nameEn: r[`${f.base}NameEn`] }, lang)}`;
          },
        });
      case 'list':
        return {
          key: f.name,
          title: t(`fields.${f.name}`),
          render: (_: unknown, r: MasterRecord) => {
            const items = (r[f.display] as ListItem[] | undefined) ?? [];
            return (
              <Space size={[4, 4]} wrap data-testid="ingredient-tags">
                {items.slice(0, 4).map((i) => (
                  <Tag key={i.id} color="volcano">
                    {localName(i, lang)}
                  </Tag>
                ))}
                {items.length > 4 && <Tag>+{items.length - 4}</Tag>}
              </Space>
            );
          },
        };
      case 'time':
        // one column for the span (sorted by its start), so a meal type's chips stay in view
        return col(f.name, {
          title: t('fields.time'),
          width: 120,
          render: (_: unknown, r: MasterRecord) => `${String(r.startTime ?? '')}–${String(r.endTime ?? '')}`,
        });
      case 'decimal':
        // a target's bound, with its nutrient's unit
        return col(f.name, {
          width: 130,
          align: 'right',
          render: (v: unknown, r: MasterRecord) =>
            typeof v === 'number' ? `${v.toLocaleString(lang)} ${NUTRIENT_UNIT[r.nutrient as Nutrient] ?? ''}` : '–',
        });
      case 'choice':
        return col(f.name, { width: 140, render: (v: unknown) => (typeof v === 'string' ? t(`options.${f.name}.${v}`) : '') });
      case 'text':
        // long texts are cut to keep "last updated" and the actions in view; the full text is
        // in the form and on hover
        return col(f.name, { ellipsis: { showTitle: true }, width: f.multiline ? 200 : 160 });
      default:
        return col(f.name, { width: 120 });
    }
  };

  const columns: TableProps<MasterRecord>['columns'] = [
    col('code', { width: 110, fixed: 'left' }),
    ...(kind.noName ? [] : [col('nameTh', { ellipsis: true }), col('nameEn', { ellipsis: true })]),
    // a meal type's text colour is shown on its abbreviation chip (on the meal colour), not in a
    // column of its own: the list then fits 1440 px beside the fixed actions
    ...kind.fields.filter((f) => f.name !== 'endTime' && !(type === 'MealTime' && f.name === 'textColor')).map(fieldColumn),
    col('status', {
      width: 120,
      render: (v: unknown, r: MasterRecord) => (
        <StatusSwitch
          status={v === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE'}
          name={name(r)}
          onSave={(status) => update.mutateAsync({ type, branchCode, record: { ...r, status } })}
        />
      ),
    }),
    // last updated: when (Thai dates in Buddhist era, the branch's time zone) and by whom
    col('updatedAt', {
      width: 170,
      render: (v: unknown, r: MasterRecord) => (
        <div style={{ lineHeight: 1.3, whiteSpace: 'nowrap' }}>
          <div>{typeof v === 'string' && v ? formatDateTime(v, lang, timeZone) : ''}</div>
          {r.updatedBy && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('updatedBy', { who: r.updatedBy })}
            </Typography.Text>
          )}
        </div>
      ),
    }),
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 100,
      fixed: 'right',
      render: (_: unknown, r: MasterRecord) => (
        <RowActions onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />
      ),
    },
  ];

  return (
    <div data-testid={`list-${type}`}>
      <PagedList<MasterRecord>
        state={state}
        onChange={setState}
        search={{ placeholder: t('action.search'), testId: 'list-search' }}
        filters={
          <Select
            value={state.status}
            onChange={(v) => setState({ status: v })}
            style={{ width: 150 }}
            options={[
              { value: 'ALL', label: t('status.all') },
              { value: 'ACTIVE', label: t('status.ACTIVE') },
              { value: 'INACTIVE', label: t('status.INACTIVE') },
            ]}
            aria-label={t('fields.status')}
            data-testid="list-status"
          />
        }
        actions={
          <>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="list-import">
              {t('action.import')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => void exportExcel()} data-testid="list-export">
              {t('action.export')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="list-add">
              {t('action.add')}
            </Button>
          </>
        }
        columns={columns}
        list={list}
        onRow={(r) => (r.status === 'ACTIVE' ? {} : { style: { color: MUTED_TEXT } })}
      />
      <MasterDataForm kind={kind} branchCode={branchCode} editing={editing} onClose={() => setEditing(null)} />
      <TypeToDeleteModal
        open={deleting !== null}
        title={t('deleteConfirm.title', { name: deleting ? name(deleting) : '' })}
        description={t('deleteConfirm.description')}
        pending={del.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <MasterDataImport
        type={type}
        branchCode={branchCode}
        createBy={userInfo?.employeeCode ?? ''}
        open={importing}
        onClose={() => setImporting(false)}
      />
    </div>
  );
}
