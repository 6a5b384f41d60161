import { App, Button, Segmented, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined, EditOutlined, HistoryOutlined, UploadOutlined } from '@/components/icons';
import { NS } from '@/features/patients/i18n';
import { useWards } from '@/features/patients/api/get-choices';
import { useDownloadTemplatePatient } from '@/features/patients/api/download-template-patient';
import { useSearchPatients } from '@/features/patients/api/search-patients';
import { COLUMNS_STORAGE_KEY, readColumns, SORTABLE, sortByOf, writeColumns, type ColumnKey } from '@/features/patients/columns';
import { ColumnChooser } from '@/features/patients/components/column-chooser';
import { HospitalSync } from '@/features/patients/components/hospital-sync';
import { SyncHistory } from '@/features/patients/components/sync-history';
import { ImportPatientsModal } from '@/features/patients/components/import-patients-modal';
import { PatientFormDrawer } from '@/features/patients/components/patient-form-drawer';
import { patientColumns } from '@/features/patients/components/patient-columns';
import { useLabels } from '@/features/patients/use-labels';
import { HOSPITAL_STATUSES, type PatientRow } from '@/features/patients/types';
import { ButtonLink } from '@/components/button-link';
import { PagedList, pagedListSpec } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { oneOfParam, useListState, type Param } from '@/lib/use-list-state';
import { placeOptions, placeSearch } from '@/lib/place-options';

const STATUS_FILTER = ['ALL', ...HOSPITAL_STATUSES] as const;

/** A ward filter: a ward id, or ALL. */
const wardParam: Param<string> = { fallback: 'ALL', parse: (raw) => (/^[1-9][0-9]{0,17}$/.test(raw) ? raw : undefined), format: (v) => v };

/** The list's state in the address: `?q=&ward=&status=&page=&size=&sort=`. */
const LIST = pagedListSpec(SORTABLE, { ward: wardParam, status: oneOfParam(STATUS_FILTER, 'ALL') });

function storedColumns(): ColumnKey[] {
  try {
    return readColumns(localStorage.getItem(COLUMNS_STORAGE_KEY));
  } catch {
    return readColumns(null);
  }
}

/** Patients (Controller, /auth/patient): the branch's census with search, ward and status filters, chosen columns, edit, import. */
export default function PatientsPage() {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const labels = useLabels();
  const [state, setState] = useListState(LIST);
  const { q: criteria, ward, status, page, size, sort } = state;
  const [shown, setShown] = useState<ColumnKey[]>(storedColumns);
  const [editing, setEditing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const wards = useWards(labels.branch);
  const template = useDownloadTemplatePatient();
  const list = useSearchPatients({
    branch: labels.branch, criteria, page, size, sortBy: sortByOf(sort.field, labels.lang), sortDesc: sort.desc, ward, status,
  });

  const choose = (next: ColumnKey[]) => {
    const value = writeColumns(next);
    try {
      localStorage.setItem(COLUMNS_STORAGE_KEY, value);
    } catch {
      // storage refused (private mode): the choice lasts for this visit
    }
    setShown(readColumns(value));
  };

  const downloadTemplate = () =>
    template.mutate(labels.branch, {
      onSuccess: (f) => {
        if (!f) notification.error({ message: t('list.dataNotFound') });
      },
    });

  // NPO "now" or "ahead" is judged at each answer of the list
  const answeredAt = list.dataUpdatedAt;
  const columns: TableColumnsType<PatientRow> = useMemo(
    () => [
      ...patientColumns(shown, t, labels, sort, new Date(answeredAt || Date.now())),
      {
        key: 'actions', title: t('list.actions'), width: 96, fixed: 'right',
        render: (_: unknown, p: PatientRow) => (
          <Space size={0}>
            <Tooltip title={t('list.edit')}>
              <Button type="text" icon={<EditOutlined />} aria-label={t('list.edit')} onClick={() => setEditing(p.hnId)} data-testid="row-edit" />
            </Tooltip>
            <Tooltip title={t('list.changes')}>
              <ButtonLink
                to={`/auth/report/patient?q=${encodeURIComponent(p.hnId)}`}
                type="text"
                icon={<HistoryOutlined />}
                aria-label={t('list.changes')}
                data-testid="row-changes"
              />
            </Tooltip>
          </Space>
        ),
      },
    ],
    [shown, t, labels, sort, answeredAt],
  );

  return (
    <ScreenFrame title={t('list.title')} subtitle={t('list.subtitle')} testId="patients-page">
      <PagedList<PatientRow>
        state={state}
        onChange={setState}
        search={{ placeholder: t('list.search'), testId: 'patients-search', width: 280 }}
        filters={
          <>
            <Select
              aria-label={t('list.wardFilter')}
              value={ward}
              onChange={(v) => setState({ ward: v })}
              style={{ minWidth: 200 }}
              {...placeSearch}
              loading={wards.isFetching}
              data-testid="ward-filter"
              options={[{ value: 'ALL', label: t('list.allWards') }, ...placeOptions(wards.data, labels.lang, (w) => String(w.id))]}
            />
            <Segmented
              aria-label={t('list.statusFilter')}
              value={status}
              onChange={(v) => setState({ status: v })}
              options={STATUS_FILTER.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              data-testid="status-filter"
            />
          </>
        }
        actions={
          <>
            <ColumnChooser shown={shown} onChange={choose} />
            <HospitalSync />
            <SyncHistory />
            <Button icon={<DownloadOutlined />} onClick={downloadTemplate} loading={template.isPending} data-testid="template-download">
              {t('import.template')}
            </Button>
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="import-open">
              {t('import.button')}
            </Button>
          </>
        }
        columns={columns}
        list={list}
        testId="patients-table"
      />
      <PatientFormDrawer hnId={editing} onClose={() => setEditing(null)} />
      <ImportPatientsModal open={importing} onClose={() => setImporting(false)} />
    </ScreenFrame>
  );
}
