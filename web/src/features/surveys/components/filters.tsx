import { DatePicker, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/surveys/i18n';
import { THAI_PICKER } from '@/lib/dates';
import { useBranches } from '@/lib/api/get-branches';
import type { Param } from '@/lib/use-list-state';

/** A day of the address (`YYYY-MM-DD`); empty: the server's default. */
export const dayParam: Param<string> = {
  fallback: '',
  parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw, 'YYYY-MM-DD').isValid() ? raw : undefined),
  format: (v) => v,
};

/** A branch code of the address; empty: all branches. */
export const codeParam: Param<string> = {
  fallback: '',
  parse: (raw) => (/^[A-Za-z0-9_.-]{1,60}$/.test(raw) ? raw : undefined),
  format: (v) => v,
};

/** A picker's format and locale: Buddhist-era years in Thai (in the field, its header and year panel), as every screen shows dates. */
export function usePickerLocale() {
  const { i18n } = useTranslation(NS);
  const th = i18n.language === 'th';
  return { format: th ? (d: Dayjs) => d.format('D MMM BBBB') : 'D MMM YYYY', locale: th ? THAI_PICKER : undefined };
}

/** Order dates, both days included (empty: the last 30 days). */
export function DatesFilter({ from, to, onChange }: { from: string; to: string; onChange: (from: string, to: string) => void }) {
  const { t } = useTranslation(NS);
  const picker = usePickerLocale();
  const range: [Dayjs | null, Dayjs | null] = [from ? dayjs(from) : null, to ? dayjs(to) : null];
  return (
    <Space direction="vertical" size={0}>
      <DatePicker.RangePicker
        aria-label={t('results.dates')}
        value={range}
        allowEmpty={[true, true]}
        format={picker.format}
        locale={picker.locale}
        onChange={(v) => onChange(v?.[0]?.format('YYYY-MM-DD') ?? '', v?.[1]?.format('YYYY-MM-DD') ?? '')}
        data-testid="survey-dates"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('results.datesHint')}</Typography.Text>
    </Space>
  );
}

type Option = { value: number; label: string };

/** Several ids of one kind (wards, meal types, dishes); none chosen: all. */
export function IdsFilter({ label, all, value, options, onChange, testId }: {
  label: string; all: string; value: number[]; options: Option[]; onChange: (ids: number[]) => void; testId: string;
}) {
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      aria-label={label}
      placeholder={all}
      style={{ minWidth: 200, maxWidth: 320 }}
      maxTagCount="responsive"
      value={value}
      onChange={onChange}
      options={options}
      optionFilterProp="label"
      data-testid={testId}
    />
  );
}

/** The Super Admin's branch filter (a Branch Admin reads its own branch only and sees none). */
export function BranchFilter({ value, onChange }: { value: string; onChange: (branch: string) => void }) {
  const { t, i18n } = useTranslation(NS);
  const branches = useBranches();
  return (
    <Select
      aria-label={t('results.branch')}
      style={{ width: 220 }}
      value={value}
      onChange={onChange}
      options={[
        { value: '', label: t('results.allBranches') },
        ...(branches.data ?? []).map((b) => ({ value: b.code, label: `${b.code} ${i18n.language === 'en' ? b.nameEn || b.nameTh : b.nameTh}` })),
      ]}
      data-testid="survey-branch"
    />
  );
}
