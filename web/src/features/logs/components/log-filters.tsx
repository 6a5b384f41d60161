import { DatePicker, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/logs/i18n';
import { useBranches } from '@/lib/api/get-branches';
import type { Param } from '@/lib/use-list-state';

/** A day of the address (`YYYY-MM-DD`); empty: the server's default (the last 30 days). */
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

/** The dates of a log (both days included). */
export function DatesFilter({ from, to, onChange }: { from: string; to: string; onChange: (from: string, to: string) => void }) {
  const { t, i18n } = useTranslation(NS);
  const range: [Dayjs | null, Dayjs | null] = [from ? dayjs(from) : null, to ? dayjs(to) : null];
  const format = i18n.language === 'th' ? (d: Dayjs) => d.format('D MMM BBBB') : 'D MMM YYYY';
  return (
    <Space direction="vertical" size={0}>
      <DatePicker.RangePicker
        aria-label={t('filter.dates')}
        value={range}
        allowEmpty={[true, true]}
        format={format}
        onChange={(v) => onChange(v?.[0]?.format('YYYY-MM-DD') ?? '', v?.[1]?.format('YYYY-MM-DD') ?? '')}
        data-testid="log-dates"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('filter.datesHint')}</Typography.Text>
    </Space>
  );
}

/** The Super Admin's branch filter (a Branch Admin reads its own branch only and sees none). */
export function BranchFilter({ value, onChange }: { value: string; onChange: (branch: string) => void }) {
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
        ...(branches.data ?? []).map((b) => ({ value: b.code, label: `${b.code} ${i18n.language === 'en' ? b.nameEn || b.nameTh : b.nameTh}` })),
      ]}
      data-testid="log-branch"
    />
  );
}
