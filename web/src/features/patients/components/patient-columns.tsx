import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { HTMLAttributes, ReactNode } from 'react';
import type { ListSort } from '@/lib/use-list-state';
import { AllergyTags } from '@/components/allergy-tags';
import { sortOrder } from '@/components/paged-table';
import { npoState, SORTABLE, type ColumnKey } from '@/features/patients/columns';
import type { Labels } from '@/features/patients/use-labels';
import type { PatientRow, Ref } from '@/features/patients/types';

/** NPO at a glance: a red tag while fasting, an orange one before it starts, with its times. */
export function NpoTag({ p, labels, t, now }: { p: Pick<PatientRow, 'npoFrom' | 'npoTo'>; labels: Labels; t: TFunction; now: Date }) {
  const state = npoState(p.npoFrom, p.npoTo, now);
  if (!state) return null;
  const when = p.npoTo
    ? t('npo.range', { from: labels.dateTime(p.npoFrom), to: labels.dateTime(p.npoTo) })
    : t('npo.from', { from: labels.dateTime(p.npoFrom) });
  return (
    <Space direction="vertical" size={0} data-testid="npo">
      <Tag color={state === 'now' ? 'red' : 'orange'} style={{ marginInlineEnd: 0 }}>
        {t(`npo.${state}`)}
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {when}
      </Typography.Text>
    </Space>
  );
}

const refs = (l: Ref[] | null, labels: Labels) => (l ?? []).map((r) => labels.ref(r)).join(', ');

/** The list's columns, in COLUMN_KEYS order, of the keys shown. */
export function patientColumns(shown: readonly ColumnKey[], t: TFunction, labels: Labels, sort: ListSort, now: Date): TableColumnsType<PatientRow> {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '' : String(v));
  const enumText = (group: string) => (v: string) => (v ? t(`enum.${group}.${v}`, { defaultValue: v }) : '');
  const render: Record<ColumnKey, { render: (p: PatientRow) => ReactNode; width?: number; fixed?: 'left' }> = {
    hnId: { render: (p) => <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>{p.hnId}</Typography.Text>, width: 135, fixed: 'left' },
    name: { render: (p) => labels.name(p), width: 180, fixed: 'left' },
    nameEn: { render: (p) => `${p.firstNameEn} ${p.lastNameEn}`.trim(), width: 180 },
    ward: { render: (p) => labels.ref(p.ward), width: 150 },
    room: { render: (p) => labels.ref(p.room), width: 120 },
    previousRoom: { render: (p) => labels.ref(p.previousRoom), width: 120 },
    allergens: { render: (p) => <AllergyTags allergens={p.allergens} unmapped={p.unmappedAllergies} name={labels.ref} />, width: 200 },
    npo: { render: (p) => <NpoTag p={p} labels={labels} t={t} now={now} />, width: 170 },
    gender: { render: (p) => enumText('gender')(p.gender), width: 90 },
    age: { render: (p) => text(p.age), width: 70 },
    birthday: { render: (p) => labels.day(p.birthday), width: 120 },
    nationality: { render: (p) => p.nationality, width: 110 },
    religion: { render: (p) => labels.ref(p.religion), width: 110 },
    vegetarian: { render: (p) => labels.ref(p.vegetarian), width: 130 },
    patientLanguage: { render: (p) => enumText('patientLanguage')(p.patientLanguage), width: 110 },
    cardLanguage: { render: (p) => enumText('cardLanguage')(p.cardLanguage), width: 130 },
    admitDate: { render: (p) => labels.day(p.admitDate), width: 120 },
    plannedDischargeDate: { render: (p) => labels.day(p.plannedDischargeDate), width: 130 },
    visitStatus: { render: (p) => enumText('visitStatus')(p.visitStatus), width: 130 },
    hospitalStatus: {
      render: (p) => <Tag color={p.hospitalStatus === 'DISCHARGED' ? 'default' : 'green'}>{enumText('hospitalStatus')(p.hospitalStatus)}</Tag>,
      width: 140,
    },
    diagnosis: { render: (p) => p.diagnosis, width: 200 },
    additionalInfo: { render: (p) => p.additionalInfo, width: 200 },
    specialRequest: { render: (p) => p.specialRequest, width: 200 },
    remark: { render: (p) => p.remark, width: 200 },
    dietType: { render: (p) => labels.ref(p.dietType), width: 140 },
    therapeutics: { render: (p) => refs(p.therapeutics, labels), width: 180 },
    restricted: { render: (p) => refs(p.restricted, labels), width: 180 },
    textureDrink: { render: (p) => (p.textureDrink === null ? '' : t('enum.texture', { level: p.textureDrink })), width: 120 },
    textureFood: { render: (p) => (p.textureFood === null ? '' : t('enum.texture', { level: p.textureFood })), width: 120 },
    medicalOrderStart: { render: (p) => labels.dateTime(p.medicalOrderStart), width: 160 },
    medicalOrderEnd: { render: (p) => labels.dateTime(p.medicalOrderEnd), width: 160 },
    lastImportAt: { render: (p) => labels.dateTime(p.lastImportAt), width: 160 },
    lastImportSource: { render: (p) => (p.lastImportSource ? t(`enum.source.${p.lastImportSource}`, { defaultValue: p.lastImportSource }) : ''), width: 150 },
    updatedAt: { render: (p) => labels.dateTime(p.updatedAt), width: 160 },
  };
  return shown.map((key) => ({
    key,
    title: t(`columns.${key}`),
    width: render[key].width,
    fixed: render[key].fixed,
    sorter: SORTABLE.includes(key),
    sortOrder: SORTABLE.includes(key) ? sortOrder(sort, key) : undefined,
    render: (_: unknown, p: PatientRow) => render[key].render(p),
    onCell: () => ({ 'data-col': key }) as HTMLAttributes<HTMLElement>,
  }));
}
