// The filters the administrators' log, survey and work performance screens share: the date
// range (with its hint), the Super Admin's branch picker, and their address parameters.
import { Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '@/components/date-picker';
import { NS } from '@/components/texts';
import { THAI_PICKER } from '@/lib/dates';
import { useBranches } from '@/lib/api/get-branches';
import type { Param } from '@/lib/use-list-state';
import { localName } from '@/lib/names';

/** A day of the address (`YYYY-MM-DD`); empty: the server's default. */
export const dayParam: Param<string> = {
  fallback: '',
  parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) && dayjs(raw, 'YYYY-MM-DD').isValid() ? raw : undefined),
  format: (v) => v,
};

/** A code chosen in a filter (a branch, an action, a record type); empty: all. */
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

type DatesProps = {
  /** The picker's name for screen readers (its label). */
  label: string;
  /** Below the picker: the longest range, what no dates means. */
  hint?: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  /** Days may be left out (the server's default range); otherwise the picker always holds both. */
  clearable?: boolean;
  testId: string;
};

/** A date range, both days included. */
export function DatesFilter({ label, hint, from, to, onChange, clearable = true, testId }: DatesProps) {
  const picker = usePickerLocale();
  const range: [Dayjs | null, Dayjs | null] = [from ? dayjs(from) : null, to ? dayjs(to) : null];
  const dates = (
    <DatePicker.RangePicker
      aria-label={label}
      value={range}
      allowEmpty={clearable ? [true, true] : undefined}
      allowClear={clearable}
      format={picker.format}
      locale={picker.locale}
      onChange={(v) => onChange(v?.[0]?.format('YYYY-MM-DD') ?? '', v?.[1]?.format('YYYY-MM-DD') ?? '')}
      data-testid={testId}
    />
  );
  if (!hint) return dates;
  return (
    <Space direction="vertical" size={0}>
      {dates}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{hint}</Typography.Text>
    </Space>
  );
}

/** The Super Admin's branch filter (a Branch Admin reads its own branch only and sees none). */
export function BranchFilter({ value, onChange, testId }: { value: string; onChange: (branch: string) => void; testId: string }) {
  const { t, i18n } = useTranslation(NS);
  const branches = useBranches();
  return (
    <Select
      aria-label={t('filter.branch')}
      style={{ width: 220 }}
      value={value}
      onChange={onChange}
      options={[
        { value: '', label: t('filter.allBranches') },
        ...(branches.data ?? []).map((b) => ({ value: b.code, label: `${b.code} ${localName(b, i18n.language)}` })),
      ]}
      data-testid={testId}
    />
  );
}
