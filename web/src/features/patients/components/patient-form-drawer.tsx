import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert, App, Button, Col, DatePicker, Divider, Drawer, Form, Input, Row, Select, Skeleton, Space, Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/patients/i18n';
import { useChoices, useNewRooms, useWards } from '@/features/patients/api/get-choices';
import { usePatient } from '@/features/patients/api/get-patient';
import { staleCurrent, useUpdatePatient } from '@/features/patients/api/update-patient';
import { differingFields, FORM_FIELDS, patientField, toInput, toValues, type FormValues } from '@/features/patients/form-values';
import { useLabels, type Labels } from '@/features/patients/use-labels';
import {
  CARD_LANGUAGES, DRINK_LEVELS, FOOD_LEVELS, GENDERS, HOSPITAL_STATUSES, PATIENT_LANGUAGES, VISIT_STATUSES, type Patient, type Ref,
} from '@/features/patients/types';
import { UnmappedAllergyTag } from '@/components/allergy-tags';
import { useGuardedClose } from '@/components/unsaved-changes';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors, clearErrors } from '@/lib/form-errors';
import { placeLabel, placeOption, placeOptions, placeSearch } from '@/lib/place-options';

type Props = { hnId: string | null; onClose: () => void };

const TEXT_MAX = 2000;

/** A day picker showing the Buddhist-era year in Thai. */
function DayPicker(props: { value?: Dayjs | null; onChange?: (d: Dayjs | null) => void; lang: string; testId: string }) {
  return (
    <DatePicker
      value={props.value}
      onChange={(d) => props.onChange?.(d)}
      format={props.lang === 'th' ? (d: Dayjs) => d.format('D MMM BBBB') : 'D MMM YYYY'}
      style={{ width: '100%' }}
      data-testid={props.testId}
    />
  );
}

/** A day and time picker (24-hour clock, the branch's wall clock), Buddhist-era year in Thai. */
function TimePicker(props: { value?: Dayjs | null; onChange?: (d: Dayjs | null) => void; lang: string; testId: string }) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      value={props.value}
      onChange={(d) => props.onChange?.(d)}
      format={props.lang === 'th' ? (d: Dayjs) => d.format('D MMM BBBB HH:mm') : 'D MMM YYYY HH:mm'}
      style={{ width: '100%' }}
      data-testid={props.testId}
    />
  );
}

function refOptions(rows: Ref[] | undefined, labels: Labels) {
  return (rows ?? []).map((r) => ({ value: r.id, label: `${labels.ref(r)} (${r.code})` }));
}

/** A reference field's choices: the branch's active rows, plus the one the patient names if it is no longer active. */
function withStored(options: { value: number; label: string }[], stored: Ref[], labels: Labels) {
  const missing = stored.filter((r) => !options.some((o) => o.value === r.id));
  return [...options, ...missing.map((r) => ({ value: r.id, label: `${labels.ref(r)} (${r.code})` }))];
}

/** The ward choices: the branch's active wards, plus the patient's if it is no longer active (found by code or name). */
function wardChoices(rows: Ref[] | undefined, stored: Ref | null | undefined, lang: string) {
  const all = [...(rows ?? [])];
  if (stored && !all.some((r) => r.id === stored.id)) all.push(stored);
  return placeOptions(all, lang);
}

/** Edit a patient (Controller): every editable field, a move to a vacant bed, and a stale save shown without losing what was typed. */
export function PatientFormDrawer({ hnId, onClose }: Props) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const labels = useLabels();
  const open = hnId !== null;
  const [form] = Form.useForm<FormValues>();
  const guard = useGuardedClose(open, onClose);
  const patient = usePatient(hnId, labels.branch);
  const save = useUpdatePatient();
  // the record the form was filled from: its version goes with the save
  const [base, setBase] = useState<Patient | null>(null);
  // a save refused as stale: the stored record, to merge with
  const [stale, setStale] = useState<Patient | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const wardId = Form.useWatch('wardId', form) as number | null | undefined;
  const wards = useWards(labels.branch);
  const rooms = useNewRooms(labels.branch, open ? wardId : null);
  const religions = useChoices('Religion', labels.branch, open);
  const vegetarians = useChoices('Vegetarian', labels.branch, open);
  const dietTypes = useChoices('DietType', labels.branch, open);
  const therapeutics = useChoices('Therapeutic', labels.branch, open);
  const allergens = useChoices('Allergies', labels.branch, open);
  const restricted = useChoices('Restricted', labels.branch, open);

  useEffect(() => {
    if (!open) {
      setBase(null);
      setStale(null);
      setFormError(null);
      return;
    }
    // filled once per opening, from a fresh read (a record cached before a save would be a
    // stale version); a reload in the background never overwrites what is being typed
    if (patient.data && !patient.isFetching && base === null) {
      setBase(patient.data);
      form.setFieldsValue(toValues(patient.data, labels.timeZone));
    }
  }, [open, patient.data, patient.isFetching, base, form, labels.timeZone]);

  const fillFrom = (p: Patient) => {
    setBase(p);
    setStale(null);
    setFormError(null);
    form.resetFields();
    form.setFieldsValue(toValues(p, labels.timeZone));
  };

  const send = (v: FormValues, version: Patient) => {
    setFormError(null);
    save.mutate(toInput(v, version, labels.timeZone, labels.me), {
      onSuccess: (saved) => {
        notification.success({ message: t('list.saved') });
        setBase(saved);
        onClose();
      },
      onError: (e) => {
        const current = staleCurrent(e);
        if (current) {
          setStale(current);
          return;
        }
        if (isApiError(e) && e.code === 'ROOM_TAKEN') {
          form.setFields([{ name: 'roomId', errors: [e.message] }]);
          void rooms.refetch();
          return;
        }
        const rest = applyFieldErrors(form, e, FORM_FIELDS as string[]);
        if (rest.length > 0) setFormError(rest.join(' '));
      },
    });
  };

  const onFinish = (v: FormValues) => {
    if (base) send(v, stale ? { ...base, version: stale.version } : base);
  };

  // the patient's own bed is offered in its own ward (newRoom leaves taken beds out, this one included)
  const ownRoom = base?.room && base.ward?.id === wardId ? [base.room] : [];
  const roomOptions = [
    ...ownRoom.map((r) => placeOption(r, r.id, labels.lang, { label: t('form.currentRoom', { room: placeLabel(r, labels.lang) }) })),
    ...placeOptions((rooms.data ?? []).filter((r) => !ownRoom.some((o) => o.id === r.id)), labels.lang),
  ];
  const staleFields = stale ? differingFields(form.getFieldsValue(true) as FormValues, toValues(stale, labels.timeZone)) : [];

  const lang = labels.lang;
  const item = (name: keyof FormValues, node: ReactNode, extra?: { rules?: object[]; hint?: ReactNode; span?: number }) => (
    <Col xs={24} md={extra?.span ?? 12}>
      <Form.Item name={name} label={t(`form.${patientField(name)}`)} rules={extra?.rules as never} extra={extra?.hint}>
        {node}
      </Form.Item>
    </Col>
  );
  const longText = (name: keyof FormValues) =>
    item(name, <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={TEXT_MAX} data-testid={`field-${name}`} />, {
      rules: [{ max: TEXT_MAX, message: t('form.tooLong', { max: TEXT_MAX }) }],
    });
  const enumSelect = (name: keyof FormValues, group: string, values: readonly string[]) =>
    item(name, <Select data-testid={`field-${name}`} options={values.map((v) => ({ value: v, label: t(`enum.${group}.${v}`) }))} />);
  const refSelect = (name: keyof FormValues, rows: Ref[] | undefined, stored: Ref[], multiple = false) =>
    item(
      name,
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        mode={multiple ? 'multiple' : undefined}
        data-testid={`field-${name}`}
        options={withStored(refOptions(rows, labels), stored, labels)}
      />,
    );
  const laterThan = (start: keyof FormValues, message: string) => ({
    validator: (_: unknown, end: Dayjs | null) => {
      const from = form.getFieldValue(start) as Dayjs | null;
      return !end || !from || end.isAfter(from) ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });

  return (
    <Drawer
      open={open}
      onClose={guard.close}
      width={860}
      title={t('form.title', { hn: hnId ?? '' })}
      destroyOnHidden
      data-testid="patient-form"
      extra={
        <Space>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} disabled={!base} onClick={() => form.submit()} data-testid="patient-form-save">
            {t('form.save')}
          </Button>
        </Space>
      }
    >
      {!base ? (
        <Skeleton active />
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          name="patient"
          onValuesChange={(changed: Partial<FormValues>) => {
            guard.changed();
            form.setFields(clearErrors(changed) as never);
            if ('wardId' in changed) {
              // a new ward: its bed is chosen again (the patient's own bed back in its own ward)
              form.setFieldValue('roomId', changed.wardId === base.ward?.id ? (base.room?.id ?? null) : null);
            }
          }}
        >
          {stale && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="stale-alert"
              message={t('stale.title')}
              description={
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text>{staleFields.length > 0 ? t('stale.description') : t('stale.none')}</Typography.Text>
                  {staleFields.length > 0 && (
                    <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="stale-fields">
                      {staleFields.map((f) => (
                        <li key={f}>
                          <Typography.Text strong>{t(`form.${patientField(f)}`)}</Typography.Text>
                          {' — '}
                          {t('stale.theirs', { value: labels.value(patientField(f), stale[patientField(f)]) || t('list.none') })}
                        </li>
                      ))}
                    </ul>
                  )}
                  <Space wrap>
                    <Button icon={<ReloadOutlined />} onClick={() => fillFrom(stale)} data-testid="stale-reload">
                      {t('stale.reload')}
                    </Button>
                    <Button type="primary" onClick={() => form.submit()} data-testid="stale-keep">
                      {t('stale.keep')}
                    </Button>
                  </Space>
                </Space>
              }
            />
          )}
          {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} data-testid="form-error" />}

          <Divider orientation="left" orientationMargin={0} style={{ marginTop: 0 }}>{t('form.identity')}</Divider>
          <Row gutter={16}>
            {item('firstNameTh', <Input autoComplete="off" data-testid="field-firstNameTh" />, {
              rules: [
                ({ getFieldValue }: { getFieldValue: (n: string) => string }) => ({
                  validator: (_: unknown, v: string) =>
                    (v ?? '').trim() || (getFieldValue('firstNameEn') ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(t('form.nameRequired'))),
                }),
              ],
            })}
            {item('lastNameTh', <Input autoComplete="off" data-testid="field-lastNameTh" />)}
            {item('firstNameEn', <Input autoComplete="off" data-testid="field-firstNameEn" />)}
            {item('lastNameEn', <Input autoComplete="off" data-testid="field-lastNameEn" />)}
            {enumSelect('gender', 'gender', GENDERS)}
            {item('birthday', <DayPicker lang={lang} testId="field-birthday" />)}
            {item('nationality', <Input autoComplete="off" data-testid="field-nationality" />)}
            {refSelect('religionId', religions.data, base.religion ? [base.religion] : [])}
            {refSelect('vegetarianId', vegetarians.data, base.vegetarian ? [base.vegetarian] : [])}
            {enumSelect('patientLanguage', 'patientLanguage', PATIENT_LANGUAGES)}
            {enumSelect('cardLanguage', 'cardLanguage', CARD_LANGUAGES)}
          </Row>

          <Divider orientation="left" orientationMargin={0}>{t('form.stay')}</Divider>
          <Row gutter={16}>
            {item(
              'wardId',
              <Select {...placeSearch} data-testid="field-wardId" options={wardChoices(wards.data, base.ward, labels.lang)} />,
            )}
            {item(
              'roomId',
              <Select
                {...placeSearch}
                allowClear
                loading={rooms.isFetching}
                data-testid="field-roomId"
                options={roomOptions}
              />,
              {
                hint: (
                  <>
                    {t('form.roomHint')}
                    {base.previousRoom && ` · ${t('form.previousRoom')}: ${labels.ref(base.previousRoom)}`}
                  </>
                ),
                rules: [
                  {
                    validator: (_: unknown, v: number | null) =>
                      v || !wardId || wardId === base.ward?.id ? Promise.resolve() : Promise.reject(new Error(t('form.roomRequired'))),
                  },
                ],
              },
            )}
            {item('admitDate', <DayPicker lang={lang} testId="field-admitDate" />)}
            {item('plannedDischargeDate', <DayPicker lang={lang} testId="field-plannedDischargeDate" />, {
              rules: [
                {
                  validator: (_: unknown, end: Dayjs | null) => {
                    const from = form.getFieldValue('admitDate') as Dayjs | null;
                    return !end || !from || !end.isBefore(from, 'day') ? Promise.resolve() : Promise.reject(new Error(t('form.dischargeBeforeAdmit')));
                  },
                },
              ],
            })}
            {enumSelect('visitStatus', 'visitStatus', VISIT_STATUSES)}
            {enumSelect('hospitalStatus', 'hospitalStatus', HOSPITAL_STATUSES)}
            {longText('diagnosis')}
            {longText('additionalInfo')}
          </Row>

          <Divider orientation="left" orientationMargin={0}>{t('form.food')}</Divider>
          <Row gutter={16}>
            {refSelect('dietTypeId', dietTypes.data, base.dietType ? [base.dietType] : [])}
            {refSelect('therapeuticIds', therapeutics.data, base.therapeutics ?? [], true)}
            {refSelect('allergenIds', allergens.data, base.allergens ?? [], true)}
            {item(
              'unmappedAllergies',
              <Select
                mode="tags"
                open={false}
                suffixIcon={null}
                data-testid="field-unmappedAllergies"
                tagRender={({ value, closable, onClose: close }) => (
                  <span style={{ marginInlineEnd: 4 }}>
                    <UnmappedAllergyTag text={String(value)} closable={closable} onClose={close} />
                  </span>
                )}
              />,
              { hint: t('allergy.unmappedHint') },
            )}
            {refSelect('restrictedIds', restricted.data, base.restricted ?? [], true)}
            {item(
              'textureDrink',
              <Select
                allowClear
                placeholder={t('enum.noTexture')}
                data-testid="field-textureDrink"
                options={DRINK_LEVELS.map((l) => ({ value: l, label: t('enum.texture', { level: l }) }))}
              />,
            )}
            {item(
              'textureFood',
              <Select
                allowClear
                placeholder={t('enum.noTexture')}
                data-testid="field-textureFood"
                options={FOOD_LEVELS.map((l) => ({ value: l, label: t('enum.texture', { level: l }) }))}
              />,
            )}
            {longText('specialRequest')}
            {longText('remark')}
          </Row>

          <Divider orientation="left" orientationMargin={0}>{t('form.medical')}</Divider>
          <Row gutter={16}>
            {item('npoFrom', <TimePicker lang={lang} testId="field-npoFrom" />)}
            {item('npoTo', <TimePicker lang={lang} testId="field-npoTo" />, {
              rules: [
                {
                  validator: (_: unknown, end: Dayjs | null) =>
                    !end || form.getFieldValue('npoFrom') ? Promise.resolve() : Promise.reject(new Error(t('form.npoToNeedsFrom'))),
                },
                laterThan('npoFrom', t('form.endAfterStart')),
              ],
            })}
            {item('medicalOrderStart', <TimePicker lang={lang} testId="field-medicalOrderStart" />)}
            {item('medicalOrderEnd', <TimePicker lang={lang} testId="field-medicalOrderEnd" />, {
              rules: [laterThan('medicalOrderStart', t('form.endAfterStart'))],
            })}
          </Row>

          <Typography.Paragraph type="secondary" data-testid="patient-last-write">
            {t('form.lastWrite', {
              when: labels.dateTime(base.updatedAt),
              who: base.updatedBy || '-',
              source: base.lastImportSource ? t(`enum.source.${base.lastImportSource}`, { defaultValue: base.lastImportSource }) : '-',
            })}
            {base.lastImportAt && ` · ${t('form.lastImport', { when: labels.dateTime(base.lastImportAt) })}`}
          </Typography.Paragraph>
        </Form>
      )}
    </Drawer>
  );
}
