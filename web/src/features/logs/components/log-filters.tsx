// The filters both log screens have: what was done (an action or a record type, from GET
// /logs/choices), and the Super Admin's branch with the dates (components/report-filters).
import { Select } from 'antd';
import { BranchFilter, DatesFilter } from '@/components/report-filters';
import { useLogContext } from '@/features/logs/components/use-log-context';

/** One code of the log's choices, searchable; empty: all. */
export function ChoiceFilter({ label, all, value, onChange, choices, width, testId }: {
  label: string; all: string; value: string; onChange: (code: string) => void;
  choices: { code: string; label: string }[] | undefined; width: number; testId: string;
}) {
  return (
    <Select
      aria-label={label}
      style={{ width }}
      value={value}
      onChange={onChange}
      options={[{ value: '', label: all }, ...(choices ?? []).map((c) => ({ value: c.code, label: c.label }))]}
      showSearch
      optionFilterProp="label"
      data-testid={testId}
    />
  );
}

type Scope = { branch: string; from: string; to: string };

/** The branch (Super Admin only) and the dates of a log, kept in the address as `branch`, `from`, `to`. */
export function ScopeFilters({ value, onChange }: { value: Scope; onChange: (change: { branch: string } | { from: string; to: string }) => void }) {
  const { t, allBranches } = useLogContext();
  return (
    <>
      {allBranches && <BranchFilter value={value.branch} onChange={(branch) => onChange({ branch })} testId="log-branch" />}
      <DatesFilter
        label={t('filter.dates')}
        hint={t('filter.datesHint')}
        from={value.from}
        to={value.to}
        onChange={(from, to) => onChange({ from, to })}
        testId="log-dates"
      />
    </>
  );
}
