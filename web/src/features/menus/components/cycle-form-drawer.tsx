import { Alert, App, Form, InputNumber, Radio, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '@/components/date-picker';
import { FormDrawer } from '@/components/form-drawer';
import { useGuardedClose } from '@/components/unsaved-changes';
import { isApiError } from '@/lib/api-client';
import { THAI_PICKER, formatDate, pickerFormat } from '@/lib/dates';
import { clearErrors } from '@/lib/form-errors';
import { useUpdateCycle, type CycleInput } from '@/features/menus/api/update-cycle';
import { NameFields, RemarkField, useSaveError } from '@/features/menus/components/form-parts';
import { NS } from '@/features/menus/i18n';
import { localName, type Cycle, type RoundType } from '@/features/menus/types';

/** Another active round whose dates overlap (409 CYCLE_OVERLAP's `data.overlaps`). */
export type Overlap = { id: number; code: string; nameTh: string; nameEn: string; startDate: string; endDate: string | null };

/** The updateCycle body of a stored round. */
export function cycleInput(c: Cycle): CycleInput {
  return {
    id: c.id,
    code: c.code,
    nameTh: c.nameTh,
    nameEn: c.nameEn,
    roundType: c.roundType,
    dayCount: c.dayCount,
    startDate: c.startDate,
    endDate: c.endDate ?? '',
    remark: c.remark,
    status: c.status,
  };
}

/** The rounds a 409 CYCLE_OVERLAP names. */
export function overlapsOf(e: unknown): Overlap[] {
  if (!isApiError(e) || e.status !== 409 || e.code !== 'CYCLE_OVERLAP') return [];
  const data = e.data as { overlaps?: Overlap[] } | null | undefined;
  return data?.overlaps ?? [];
}

/** `1 ม.ค. 2569 – 31 ธ.ค. 2570` (Buddhist era in Thai); no end: "open-ended". */
export function dateSpan(start: string, end: string | null, lang: string, openEnded: string): string {
  return `${formatDate(start, lang)} – ${end ? formatDate(end, lang) : openEnded}`;
}

type Values = Omit<CycleInput, 'startDate' | 'endDate' | 'status'> & { startDate?: Dayjs; endDate?: Dayjs | null; active: boolean };

const FIELDS = ['code', 'nameTh', 'nameEn', 'roundType', 'dayCount', 'startDate', 'endDate', 'remark'];

type Props = { branchCode: string; editing: Cycle | 'new' | null; onClose: () => void };

/**
 * The round form (drawer). An active round whose dates overlap another active round is
 * refused (409): the refusal is shown beside the dates, with the other round's name and dates.
 */
export function CycleFormDrawer({ branchCode, editing, onClose }: Props) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useUpdateCycle();
  const rec = editing && editing !== 'new' ? editing : null;
  const open = editing !== null;
  const guard = useGuardedClose(open, onClose);
  const saveError = useSaveError();
  const label = (name: string) => t(`fields.${name}`);
  const roundType = (Form.useWatch('roundType', form) ?? 'WEEKDAY') as RoundType;
  const [overlaps, setOverlaps] = useState<Overlap[]>([]);
  // Thai staff read and pick Buddhist-era years; typing a date is in the same format
  const dateFormat = pickerFormat(lang);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setOverlaps([]);
      form.setFieldsValue(
        rec
          ? { ...cycleInput(rec), startDate: dayjs(rec.startDate), endDate: rec.endDate ? dayjs(rec.endDate) : null, active: rec.status === 'ACTIVE' }
          : { roundType: 'WEEKDAY', dayCount: 7, remark: '', active: true },
      );
    }
  }, [open, rec, form]);

  async function submit(v: Values) {
    setOverlaps([]);
    const body: CycleInput = {
      id: rec?.id,
      code: v.code,
      nameTh: v.nameTh,
      nameEn: v.nameEn ?? '',
      roundType: v.roundType,
      dayCount: v.roundType === 'WEEKDAY' ? 7 : v.dayCount,
      startDate: v.startDate ? v.startDate.format('YYYY-MM-DD') : '',
      endDate: v.endDate ? v.endDate.format('YYYY-MM-DD') : '',
      remark: v.remark ?? '',
      status: v.active ? 'ACTIVE' : 'INACTIVE',
    };
    try {
      await save.mutateAsync({ branchCode, cycle: body });
      notification.success({ message: t(rec ? 'toast.updated' : 'toast.created') });
      onClose();
    } catch (e) {
      const others = overlapsOf(e);
      if (others.length > 0 && isApiError(e)) {
        // beside the dates: the server's sentence naming the other round, and its dates below
        form.setFields([
          { name: 'startDate', errors: [e.message] },
          { name: 'endDate', errors: [e.fields?.endDate ?? e.message] },
        ]);
        setOverlaps(others);
        return;
      }
      saveError(form, e, FIELDS);
    }
  }

  return (
    <FormDrawer
      open={open}
      title={t(rec ? 'cycle.editTitle' : 'cycle.addTitle')}
      width={560}
      testId="cycle-drawer"
      onClose={guard.close}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="cycle"
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<Values>) => {
          guard.changed();
          form.setFields(clearErrors(changed));
          if ('startDate' in changed || 'endDate' in changed || 'active' in changed) {
            setOverlaps([]);
            form.setFields([{ name: 'startDate', errors: [] }, { name: 'endDate', errors: [] }]);
          }
        }}
        scrollToFirstError
      >
        <NameFields />
        <Space size="large" align="start" wrap>
          <Form.Item name="roundType" label={label('roundType')}>
            <Radio.Group optionType="button" data-testid="field-roundType">
              <Radio.Button value="WEEKDAY">{t('cycle.WEEKDAY')}</Radio.Button>
              <Radio.Button value="LOOP">{t('cycle.LOOP')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          {roundType === 'LOOP' && (
            <Form.Item
              name="dayCount"
              label={label('dayCount')}
              rules={[{ required: true, type: 'number', min: 1, max: 366, message: t('form.dayCount') }]}
            >
              <InputNumber min={1} max={366} precision={0} style={{ width: 120 }} data-testid="field-dayCount" />
            </Form.Item>
          )}
        </Space>
        <Space size="middle" align="start" wrap>
          <Form.Item name="startDate" label={label('startDate')} rules={[{ required: true, message: t('form.choose', { field: label('startDate') }) }]}>
            <DatePicker format={dateFormat} locale={lang === 'th' ? THAI_PICKER : undefined} data-testid="field-startDate" />
          </Form.Item>
          <Form.Item
            name="endDate"
            label={label('endDate')}
            extra={t('cycle.openEndedHint')}
            dependencies={['startDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator(_, v: Dayjs | null | undefined) {
                  const s = getFieldValue('startDate') as Dayjs | undefined;
                  return v && s && v.isBefore(s, 'day') ? Promise.reject(new Error(t('form.endBeforeStart'))) : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker format={dateFormat} locale={lang === 'th' ? THAI_PICKER : undefined} data-testid="field-endDate" />
          </Form.Item>
        </Space>
        {overlaps.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="cycle-overlap"
            message={t('cycle.overlapTitle')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {overlaps.map((o) => (
                  <li key={o.id}>
                    {o.code} · {localName(o, lang)} ({dateSpan(o.startDate, o.endDate, lang, t('cycle.openEnded'))})
                  </li>
                ))}
              </ul>
            }
          />
        )}
        <Form.Item name="active" label={label('status')} valuePropName="checked" extra={t('cycle.activeHint')}>
          <Switch checkedChildren={t('status.ACTIVE')} unCheckedChildren={t('status.INACTIVE')} data-testid="field-active" />
        </Form.Item>
        <RemarkField />
      </Form>
    </FormDrawer>
  );
}
