// Pieces the three menus screens share: the branch worked in, reference pickers and filters, the IDDSI
// tag, the derived ingredient chips, the last-updated cell, the price.
import { Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldSelect } from '@/components/form-controls';
import { useBranches } from '@/lib/api/get-branches';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/use-session';
import type { Param } from '@/lib/use-list-state';
import { useMasterRows, type MasterKind } from '@/features/menus/api/get-master-rows';
import { NS } from '@/features/menus/i18n';
import { IDDSI_COLORS, iddsiNameKey } from '@/features/menus/iddsi';
import { localName, type IddsiType, type Ref, type Status } from '@/features/menus/types';

/** The current pair's branch and its time zone. */
export function useBranch(): { branchCode: string; timeZone: string } {
  const { userInfo } = useSession();
  const branchCode = userInfo?.current?.branchCode ?? '';
  const branches = useBranches();
  const timeZone = branches.data?.find((b) => b.code === branchCode)?.timeZone ?? DEFAULT_TIME_ZONE;
  return { branchCode, timeZone };
}

/** An id filter in the address (0: none). */
export function idParam(): Param<number> {
  return { fallback: 0, parse: (raw) => (/^[1-9][0-9]{0,17}$/.test(raw) ? Number(raw) : undefined), format: String };
}

/** `code · name` of a reference in the interface language. */
export function refLabel(r: Pick<Ref, 'code' | 'nameTh' | 'nameEn'>, lang: string): string {
  return `${r.code} · ${localName(r, lang)}`;
}

type RefSelectProps = {
  kind: MasterKind;
  branchCode: string;
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  multiple?: boolean;
  placeholder?: string;
  testId: string;
  width?: number;
  allowClear?: boolean;
  /** From a Form.Item (its label's `for`) or a filter's own name. */
  id?: string;
  'aria-label'?: string;
  'aria-required'?: boolean | 'true' | 'false';
};

/** Picks rows of a master-data kind; inactive rows are offered disabled unless already chosen. */
export function RefSelect({ kind, branchCode, value, onChange, multiple, placeholder, testId, width, allowClear = true, id, 'aria-label': ariaLabel, 'aria-required': ariaRequired }: RefSelectProps) {
  const { i18n } = useTranslation(NS);
  const rows = useMasterRows(kind, branchCode);
  const chosen = new Set(Array.isArray(value) ? value : value ? [value] : []);
  const options = (rows.data?.items ?? []).map((r) => ({
    value: r.id,
    label: refLabel(r, i18n.language),
    disabled: r.status !== 'ACTIVE' && !chosen.has(r.id),
  }));
  return (
    <FieldSelect
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as number | number[] | undefined) ?? null)}
      options={options}
      loading={rows.isLoading}
      mode={multiple ? 'multiple' : undefined}
      allowClear={allowClear}
      showSearch
      optionFilterProp="label"
      placeholder={placeholder}
      style={width ? { width } : undefined}
      id={id}
      aria-label={ariaLabel}
      aria-required={ariaRequired}
      data-testid={testId}
    />
  );
}

/** A list's filters, each by one row of a master-data kind (its id in the address under `param`, 0: none). */
export function RefFilters<P extends string>({ filters, state, onChange }: {
  filters: { param: P; kind: MasterKind; placeholder: string; testId: string }[];
  state: NoInfer<Record<P, number>>;
  onChange: (change: NoInfer<Partial<Record<P, number>>>) => void;
}) {
  const { branchCode } = useBranch();
  return (
    <>
      {filters.map((f) => (
        <RefSelect
          key={f.param}
          kind={f.kind}
          branchCode={branchCode}
          value={state[f.param] || null}
          onChange={(v) => onChange({ [f.param]: (v as number | null) ?? 0 } as Partial<Record<P, number>>)}
          placeholder={f.placeholder}
          aria-label={f.placeholder}
          testId={f.testId}
          width={200}
        />
      ))}
    </>
  );
}

/** An IDDSI level on its colour, with its name: `IDDSI 5 · Minced & moist`. */
export function IddsiTag({ type, level }: { type: IddsiType; level: number }) {
  const { t } = useTranslation(NS);
  const c = IDDSI_COLORS[level] ?? IDDSI_COLORS[7];
  return (
    <Tag
      data-testid="iddsi-tag"
      style={{ background: c.background, color: c.text, borderColor: 'rgba(0,0,0,0.25)', whiteSpace: 'normal' }}
    >
      {t('iddsi.label', { level, name: t(iddsiNameKey(type, level)) })}
    </Tag>
  );
}

/** A dish's (or a set's) allergens and restricted ingredients as chips. */
export function IngredientChips({ allergens, restricted, empty = true }: { allergens: Ref[]; restricted: Ref[]; empty?: boolean }) {
  const { t, i18n } = useTranslation(NS);
  if (allergens.length === 0 && restricted.length === 0) {
    return empty ? <Typography.Text type="secondary">{t('menu.noAllergens')}</Typography.Text> : null;
  }
  return (
    <Space size={[4, 4]} wrap>
      {allergens.map((a) => (
        <Tag key={`a${a.id}`} color="red" data-testid="allergen-chip">
          {localName(a, i18n.language)}
        </Tag>
      ))}
      {restricted.map((r) => (
        <Tag key={`r${r.id}`} color="orange" data-testid="restricted-chip">
          {localName(r, i18n.language)}
        </Tag>
      ))}
    </Space>
  );
}

/** The status filter of a list. */
export function StatusFilter({ value, onChange }: { value: 'ALL' | Status; onChange: (v: 'ALL' | Status) => void }) {
  const { t } = useTranslation(NS);
  return (
    <Select
      value={value}
      onChange={onChange}
      style={{ width: 150 }}
      options={[
        { value: 'ALL', label: t('status.all') },
        { value: 'ACTIVE', label: t('status.ACTIVE') },
        { value: 'INACTIVE', label: t('status.INACTIVE') },
      ]}
      aria-label={t('fields.status')}
      data-testid="list-status"
    />
  );
}

/** When a row was last changed (the branch's time zone, Buddhist era in Thai) and by whom. */
export function UpdatedCell({ at, by, timeZone }: { at: string; by: string; timeZone: string }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <div style={{ lineHeight: 1.3, whiteSpace: 'nowrap' }}>
      <div>{at ? formatDateTime(at, i18n.language, timeZone) : ''}</div>
      {by && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('updatedBy', { who: by })}
        </Typography.Text>
      )}
    </div>
  );
}

/** A price as the lists show it: two decimals, Thai or English digits grouping. */
export function formatPrice(v: number, lang: string): string {
  return v.toLocaleString(lang === 'en' ? 'en-US' : 'th-TH', { minimumFractionDigits: 2 });
}
