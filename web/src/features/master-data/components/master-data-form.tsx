import { App, ColorPicker, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimePicker } from '@/components/date-picker';
import { FormDrawer } from '@/components/form-drawer';
import { useGuardedClose } from '@/components/unsaved-changes';
import { isApiError } from '@/lib/api-client';
import { useMasterDataChoices } from '@/features/master-data/api/search-master-data';
import { useUpdateMasterData } from '@/features/master-data/api/update-master-data';
import { ColorChip } from '@/features/master-data/components/color-chip';
import { NS } from '@/features/master-data/i18n';
import { initialValues, toRecord } from '@/features/master-data/form-values';
import {
  ABBREVIATION,
  NUTRIENT_UNIT,
  inSentence,
  localName,
  type FieldSpec,
  type KindSpec,
  type MasterRecord,
  type Nutrient,
} from '@/features/master-data/kinds';
import { applyFieldErrors } from '@/lib/form-errors';
import { placeOption, placeSearch } from '@/lib/place-options';

type Props = {
  kind: KindSpec;
  branchCode: string;
  /** null: closed; 'new': create; a record: edit. */
  editing: MasterRecord | 'new' | null;
  onClose: () => void;
};

const CODE_RE = /^\S{1,30}$/;

function toClock(v: unknown): Dayjs | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{1,2}):(\d{2})/.exec(v);
  if (!m) return null;
  return dayjs().hour(Number(m[1])).minute(Number(m[2])).second(0).millisecond(0);
}

function RefSelect({ field, branchCode, value, onChange, lang, placeholder }: {
  field: Extract<FieldSpec, { type: 'ref' | 'list' }>;
  branchCode: string;
  value?: number | number[];
  onChange?: (v: unknown) => void;
  lang: string;
  placeholder: string;
}) {
  const choices = useMasterDataChoices(field.ref, branchCode);
  const chosen = new Set(Array.isArray(value) ? value : value !== undefined ? [value] : []);
  // a ward of a bed, a ward type of a ward, …: shown with its code, found by its code or either name
  const options = (choices.data?.items ?? []).map((r) => placeOption(r, r.id, lang, { disabled: r.status !== 'ACTIVE' && !chosen.has(r.id) }));
  const multiple = field.type === 'list';
  return (
    <Select
      value={value}
      onChange={onChange}
      options={options}
      loading={choices.isLoading}
      mode={multiple ? 'multiple' : undefined}
      allowClear={multiple || !field.required}
      {...placeSearch}
      placeholder={placeholder}
      data-testid={`field-${field.name}`}
      maxTagCount={multiple ? 'responsive' : undefined}
    />
  );
}

/** The add/edit form of any kind, in a drawer. Bad input keeps what was typed. */
export function MasterDataForm({ kind, branchCode, editing, onClose }: Props) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification, modal } = App.useApp();
  const [form] = Form.useForm();
  const save = useUpdateMasterData();
  const rec = editing && editing !== 'new' ? editing : null;
  const open = editing !== null;
  const guard = useGuardedClose(open, onClose);
  const kindName = inSentence(t(`kinds.${kind.type}`), lang);
  const label = (name: string) => t(`fields.${name}`);

  // Fill the form when the drawer opens. On a busy PC this can run after the first keys were
  // typed into the new drawer: what the person typed stays, the rest starts from the record.
  useEffect(() => {
    if (open) {
      const names = ['code', 'nameTh', 'nameEn', ...kind.fields.map((f) => f.name)];
      const typed = Object.fromEntries(names.filter((n) => form.isFieldTouched(n)).map((n) => [n, form.getFieldValue(n)]));
      form.resetFields();
      form.setFieldsValue({ ...initialValues(kind, rec), ...typed });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, rec, kind]);

  const isMeal = kind.type === 'MealTime';
  const abbreviation = Form.useWatch('abbreviation', form) as string | undefined;
  const textColor = Form.useWatch('textColor', form) as string | undefined;
  const mealColor = Form.useWatch('mealColor', form) as string | undefined;
  const nameTh = Form.useWatch('nameTh', form) as string | undefined;
  const nameEn = Form.useWatch('nameEn', form) as string | undefined;
  // a target's bounds are in its nutrient's base unit
  const nutrient = Form.useWatch('nutrient', form) as Nutrient | undefined;
  const unit = nutrient ? NUTRIENT_UNIT[nutrient] : undefined;

  // async-validator checks a rule's value as a string unless told otherwise: numbers (ages,
  // references) need `type: 'number'` or a filled field reads as missing.
  const required = (name: string, how: 'text' | 'choose' | 'number' | 'chooseNumber' = 'text'): Rule => ({
    required: true,
    type: how === 'number' || how === 'chooseNumber' ? 'number' : 'string',
    whitespace: how === 'text',
    message: t(how === 'choose' || how === 'chooseNumber' ? 'form.choose' : 'form.required', { field: label(name) }),
  });
  const max = (n: number): Rule => ({ max: n, message: t('form.tooLong', { max: n }) });

  const fieldItems = useMemo(
    () =>
      kind.fields.map((f) => {
        switch (f.type) {
          case 'text':
            return (
              <Form.Item key={f.name} name={f.name} label={label(f.name)} rules={[...(f.required ? [required(f.name)] : []), ...(f.max ? [max(f.max)] : [])]}>
                {f.multiline ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid={`field-${f.name}`} /> : <Input data-testid={`field-${f.name}`} />}
              </Form.Item>
            );
          case 'abbreviation':
            return (
              <Form.Item
                key={f.name}
                name={f.name}
                label={label(f.name)}
                rules={[required(f.name), { pattern: ABBREVIATION, message: t('form.abbreviation') }]}
              >
                {/* no maxLength: a third letter is refused with the message, not cut silently */}
                <Input style={{ width: 96 }} data-testid={`field-${f.name}`} />
              </Form.Item>
            );
          case 'bool':
            return (
              <Form.Item key={f.name} name={f.name} label={label(f.name)} valuePropName="checked">
                <Switch checkedChildren={t('yes')} unCheckedChildren={t('no')} data-testid={`field-${f.name}`} />
              </Form.Item>
            );
          case 'time':
            return (
              <Form.Item
                key={f.name}
                name={f.name}
                label={label(f.name)}
                dependencies={f.name === 'endTime' ? ['startTime'] : undefined}
                getValueProps={(v) => ({ value: toClock(v) })}
                getValueFromEvent={(d: Dayjs | null) => (d ? d.format('HH:mm') : undefined)}
                rules={[
                  required(f.name, 'choose'),
                  ...(f.name === 'endTime'
                    ? [
                        ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
                          validator(_: unknown, v: unknown) {
                            const s = getFieldValue('startTime');
                            if (typeof s === 'string' && typeof v === 'string' && v <= s) {
                              return Promise.reject(new Error(t('form.endAfterStart')));
                            }
                            return Promise.resolve();
                          },
                        }),
                      ]
                    : []),
                ]}
              >
                {/* SPEC.md §9: hours 0–23; minutes (and seconds) in steps of 5. The API keeps HH:MM. */}
                <TimePicker
                  format="HH:mm"
                  hourStep={1}
                  minuteStep={5}
                  secondStep={5}
                  showNow={false}
                  needConfirm={false}
                  data-testid={`field-${f.name}`}
                  popupClassName={`md-time-${f.name}`}
                />
              </Form.Item>
            );
          case 'color':
            return (
              <Form.Item
                key={f.name}
                name={f.name}
                label={label(f.name)}
                rules={[required(f.name, 'choose'), { pattern: /^#[0-9A-F]{6}$/i, message: t('form.required', { field: label(f.name) }) }]}
                getValueFromEvent={(c: { toHexString: () => string }) => c.toHexString().toUpperCase()}
              >
                <ColorField testId={`field-${f.name}`} />
              </Form.Item>
            );
          case 'int':
            return (
              <Form.Item
                key={f.name}
                name={f.name}
                label={label(f.name)}
                dependencies={f.name === 'endAge' ? ['startAge'] : undefined}
                rules={[
                  required(f.name, 'number'),
                  { type: 'number', min: f.min, max: f.max, message: t('form.ageRange') },
                  ...(f.name === 'endAge'
                    ? [
                        ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
                          validator(_: unknown, v: unknown) {
                            const s = getFieldValue('startAge');
                            if (typeof s === 'number' && typeof v === 'number' && v < s) {
                              return Promise.reject(new Error(t('form.endAgeBeforeStart')));
                            }
                            return Promise.resolve();
                          },
                        }),
                      ]
                    : []),
                ]}
              >
                <InputNumber min={f.min} max={f.max} precision={0} style={{ width: 140 }} data-testid={`field-${f.name}`} />
              </Form.Item>
            );
          case 'decimal':
            // a target's bound: optional, at least 0; its unit is the nutrient's (kcal, g, mg)
            return (
              <Form.Item
                key={f.name}
                name={f.name}
                label={label(f.name)}
                rules={[{ type: 'number', min: 0, max: 99999999.99, message: t('form.numberRange') }]}
              >
                <InputNumber min={0} precision={2} style={{ width: 180 }} addonAfter={unit} data-testid={`field-${f.name}`} />
              </Form.Item>
            );
          case 'choice':
            return (
              <Form.Item key={f.name} name={f.name} label={label(f.name)} rules={[required(f.name, 'choose')]}>
                <Select
                  options={f.options.map((o) => ({ value: o, label: t(`options.${f.name}.${o}`) }))}
                  placeholder={label(f.name)}
                  data-testid={`field-${f.name}`}
                />
              </Form.Item>
            );
          case 'ref':
          case 'list':
            return (
              <Form.Item
                key={f.name}
                name={f.name}
                label={label(f.name)}
                rules={f.type === 'ref' && f.required ? [required(f.name, 'chooseNumber')] : []}
                extra={f.type === 'list' ? <ListCount name={f.name} /> : undefined}
              >
                <RefSelect
                  field={f}
                  branchCode={branchCode}
                  lang={lang}
                  placeholder={f.type === 'list' ? t('form.chooseIngredients') : f.required ? label(f.name) : t('notSet')}
                />
              </Form.Item>
            );
        }
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, t, lang, branchCode, unit],
  );

  async function submit(values: Record<string, unknown>) {
    try {
      await save.mutateAsync({ type: kind.type, branchCode, record: toRecord(kind, values, rec) });
      notification.success({ message: t(rec ? 'toast.updated' : 'toast.created') });
      onClose();
    } catch (e) {
      // 422 and 409 (a duplicate code, overlapping ages): each message once, beside its
      // field; what no field takes, in a dialog. What was typed stays.
      const known = ['code', 'nameTh', 'nameEn', ...kind.fields.map((f) => f.name)];
      const rest = applyFieldErrors(form, e, known);
      if (rest.length === 0) return;
      const status = isApiError(e) ? e.status : 0;
      if (status === 409 || status === 422) {
        modal.error({ title: t(status === 409 ? 'form.conflictTitle' : 'form.invalidTitle'), content: rest.join('\n') });
      } else {
        notification.error({ message: t('toast.saveFailed'), description: rest.join('\n') });
      }
    }
  }

  return (
    <FormDrawer
      open={open}
      title={t(rec ? 'form.editTitle' : 'form.addTitle', { kind: kindName })}
      width={520}
      testId="master-data-drawer"
      onClose={guard.close}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
    >
      <Form form={form} layout="vertical" name={`md-${kind.type}`} onFinish={submit} onValuesChange={guard.changed} scrollToFirstError>
        <Form.Item
          name="code"
          label={label('code')}
          rules={[required('code'), { pattern: CODE_RE, message: t('form.codeInvalid') }]}
        >
          <Input maxLength={30} data-testid="field-code" />
        </Form.Item>
        {!kind.noName && (
          <>
            <Form.Item name="nameTh" label={label('nameTh')} rules={[required('nameTh'), max(200)]}>
              <Input data-testid="field-nameTh" />
            </Form.Item>
            <Form.Item name="nameEn" label={label('nameEn')} rules={[max(200)]}>
              <Input data-testid="field-nameEn" />
            </Form.Item>
          </>
        )}
        {fieldItems}
        {isMeal && (
          <Form.Item label={label('preview')}>
            <Space data-testid="meal-preview">
              <span
                style={{
                  background: mealColor,
                  color: textColor,
                  padding: '4px 12px',
                  borderRadius: 6,
                  fontWeight: 600,
                  border: '1px solid rgba(0,0,0,0.15)',
                }}
              >
                {abbreviation || '··'} {localName({ nameTh, nameEn }, lang)}
              </span>
              {mealColor && <ColorChip color={mealColor} />}
            </Space>
          </Form.Item>
        )}
      </Form>
    </FormDrawer>
  );
}

/**
 * A colour (hex). Escape inside the picker closes the picker only: it must not reach the
 * drawer, whose Escape closes the whole form.
 */
function ColorField({ value, onChange, testId }: { value?: string; onChange?: (c: unknown) => void; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ColorPicker
      value={value}
      onChange={onChange}
      open={open}
      onOpenChange={setOpen}
      format="hex"
      disabledAlpha
      showText={(c) => c.toHexString().toUpperCase()}
      panelRender={(panel) => (
        <div
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setOpen(false);
          }}
        >
          {panel}
        </div>
      )}
      data-testid={testId}
    />
  );
}

function ListCount({ name }: { name: string }) {
  const { t } = useTranslation(NS);
  const form = Form.useFormInstance();
  const v = Form.useWatch(name, form) as number[] | undefined;
  return <Typography.Text type="secondary">{t('form.selected', { count: v?.length ?? 0 })}</Typography.Text>;
}
