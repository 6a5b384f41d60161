// The patient form's sections (patient-form-drawer.tsx holds the record, the save and the
// stale merge): who the patient is, the stay, the food, the medical orders, each a row of
// fields named by `FormValues`, each field with its label from `form.<field>`.
import { Alert, Button, Col, Divider, Form, Input, Row, Select, Space, Typography, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReloadOutlined } from '@/components/icons';
import { DatePicker } from '@/components/date-picker';
import { NS } from '@/features/patients/i18n';
import { useChoices, useNewRooms, useWards } from '@/features/patients/api/get-choices';
import { patientField, type FormValues } from '@/features/patients/form-values';
import type { Labels } from '@/features/patients/use-labels';
import {
  CARD_LANGUAGES, DRINK_LEVELS, FOOD_LEVELS, GENDERS, HOSPITAL_STATUSES, PATIENT_LANGUAGES, VISIT_STATUSES, type Patient, type Ref,
} from '@/features/patients/types';
import { UnmappedAllergyTag } from '@/components/allergy-tags';
import { placeLabel, placeOption, placeOptions, placeSearch } from '@/lib/place-options';

const TEXT_MAX = 2000;

/** The choices of the form's reference fields, read as soon as the form opens (before the record is there). */
export function usePatientChoices(branch: string, open: boolean) {
  return {
    wards: useWards(branch).data,
    religions: useChoices('Religion', branch, open).data,
    vegetarians: useChoices('Vegetarian', branch, open).data,
    dietTypes: useChoices('DietType', branch, open).data,
    therapeutics: useChoices('Therapeutic', branch, open).data,
    allergens: useChoices('Allergies', branch, open).data,
    restricted: useChoices('Restricted', branch, open).data,
  };
}

/** What every section reads: the record the form was filled from, the choices, the labels, and the form. */
export type SectionProps = { base: Patient; choices: ReturnType<typeof usePatientChoices>; labels: Labels; form: FormInstance<FormValues> };

type Rules = object[];

/** One field in its column, labelled by its name. */
function Field({ name, rules, hint, children }: { name: keyof FormValues; rules?: Rules; hint?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={t(`form.${patientField(name)}`)} rules={rules as never} extra={hint}>
        {children}
      </Form.Item>
    </Col>
  );
}

/** A day picker showing the Buddhist-era year in Thai; `time`: a day and time (24-hour clock, the branch's wall clock). */
function DayPicker(props: { value?: Dayjs | null; onChange?: (d: Dayjs | null) => void; lang: string; testId: string; time?: boolean }) {
  const time = props.time ? ' HH:mm' : '';
  return (
    <DatePicker
      showTime={props.time ? { format: 'HH:mm' } : undefined}
      value={props.value}
      onChange={(d) => props.onChange?.(d)}
      format={props.lang === 'th' ? (d: Dayjs) => d.format(`D MMM BBBB${time}`) : `D MMM YYYY${time}`}
      style={{ width: '100%' }}
      data-testid={props.testId}
    />
  );
}

function TextField({ name }: { name: keyof FormValues }) {
  return (
    <Field name={name}>
      <Input autoComplete="off" data-testid={`field-${name}`} />
    </Field>
  );
}

function LongText({ name }: { name: keyof FormValues }) {
  const { t } = useTranslation(NS);
  return (
    <Field name={name} rules={[{ max: TEXT_MAX, message: t('form.tooLong', { max: TEXT_MAX }) }]}>
      <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={TEXT_MAX} data-testid={`field-${name}`} />
    </Field>
  );
}

function EnumSelect({ name, group, values }: { name: keyof FormValues; group: string; values: readonly string[] }) {
  const { t } = useTranslation(NS);
  return (
    <Field name={name}>
      <Select data-testid={`field-${name}`} options={values.map((v) => ({ value: v, label: t(`enum.${group}.${v}`) }))} />
    </Field>
  );
}

/** A reference field's choices: the branch's active rows, plus those the patient names that are no longer active. */
function RefField({ name, rows, stored, labels, multiple = false }: { name: keyof FormValues; rows: Ref[] | undefined; stored: Ref[]; labels: Labels; multiple?: boolean }) {
  const all = [...(rows ?? []), ...stored.filter((r) => !(rows ?? []).some((o) => o.id === r.id))];
  return (
    <Field name={name}>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        mode={multiple ? 'multiple' : undefined}
        data-testid={`field-${name}`}
        options={all.map((r) => ({ value: r.id, label: `${labels.ref(r)} (${r.code})` }))}
      />
    </Field>
  );
}

function Section({ title, first, children }: { title: string; first?: boolean; children: ReactNode }) {
  return (
    <>
      <Divider orientation="left" orientationMargin={0} style={first ? { marginTop: 0 } : undefined}>{title}</Divider>
      <Row gutter={16}>{children}</Row>
    </>
  );
}

/** A save refused as stale: the fields another person changed, with their values; reload theirs or keep ours. */
export function StaleAlert({ stale, staleFields, labels, onReload, onKeep }: {
  stale: Patient; staleFields: (keyof FormValues)[]; labels: Labels; onReload: () => void; onKeep: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
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
            <Button icon={<ReloadOutlined />} onClick={onReload} data-testid="stale-reload">
              {t('stale.reload')}
            </Button>
            <Button type="primary" onClick={onKeep} data-testid="stale-keep">
              {t('stale.keep')}
            </Button>
          </Space>
        </Space>
      }
    />
  );
}

/** Names (a Thai or an English first name), gender, birthday, nationality, religion, vegetarian type, languages. */
export function IdentitySection({ base, choices, labels }: SectionProps) {
  const { t } = useTranslation(NS);
  const nameRule = ({ getFieldValue }: { getFieldValue: (n: string) => string }) => ({
    validator: (_: unknown, v: string) =>
      (v ?? '').trim() || (getFieldValue('firstNameEn') ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(t('form.nameRequired'))),
  });
  return (
    <Section title={t('form.identity')} first>
      <Field name="firstNameTh" rules={[nameRule]}>
        <Input autoComplete="off" data-testid="field-firstNameTh" />
      </Field>
      <TextField name="lastNameTh" />
      <TextField name="firstNameEn" />
      <TextField name="lastNameEn" />
      <EnumSelect name="gender" group="gender" values={GENDERS} />
      <Field name="birthday">
        <DayPicker lang={labels.lang} testId="field-birthday" />
      </Field>
      <TextField name="nationality" />
      <RefField name="religionId" rows={choices.religions} stored={base.religion ? [base.religion] : []} labels={labels} />
      <RefField name="vegetarianId" rows={choices.vegetarians} stored={base.vegetarian ? [base.vegetarian] : []} labels={labels} />
      <EnumSelect name="patientLanguage" group="patientLanguage" values={PATIENT_LANGUAGES} />
      <EnumSelect name="cardLanguage" group="cardLanguage" values={CARD_LANGUAGES} />
    </Section>
  );
}

/** The ward and a vacant bed of it (the patient's own bed offered in its own ward), the stay's days and statuses. */
export function StaySection({ base, choices, labels, form, wardId, rooms }: SectionProps & { wardId: number | null | undefined; rooms: ReturnType<typeof useNewRooms> }) {
  const { t } = useTranslation(NS);
  // the patient's ward stays a choice when it is no longer active
  const wardRows: Ref[] = [...(choices.wards ?? [])];
  if (base.ward && !wardRows.some((r) => r.id === base.ward!.id)) wardRows.push(base.ward);
  // newRoom leaves taken beds out, the patient's own included
  const ownRoom = base.room && base.ward?.id === wardId ? [base.room] : [];
  const roomOptions = [
    ...ownRoom.map((r) => placeOption(r, r.id, labels.lang, { label: t('form.currentRoom', { room: placeLabel(r, labels.lang) }) })),
    ...placeOptions((rooms.data ?? []).filter((r) => !ownRoom.some((o) => o.id === r.id)), labels.lang),
  ];
  return (
    <Section title={t('form.stay')}>
      <Field name="wardId">
        <Select {...placeSearch} data-testid="field-wardId" options={placeOptions(wardRows, labels.lang)} />
      </Field>
      <Field
        name="roomId"
        hint={
          <>
            {t('form.roomHint')}
            {base.previousRoom && ` · ${t('form.previousRoom')}: ${labels.ref(base.previousRoom)}`}
          </>
        }
        rules={[
          {
            validator: (_: unknown, v: number | null) =>
              v || !wardId || wardId === base.ward?.id ? Promise.resolve() : Promise.reject(new Error(t('form.roomRequired'))),
          },
        ]}
      >
        <Select {...placeSearch} allowClear loading={rooms.isFetching} data-testid="field-roomId" options={roomOptions} />
      </Field>
      <Field name="admitDate">
        <DayPicker lang={labels.lang} testId="field-admitDate" />
      </Field>
      <Field
        name="plannedDischargeDate"
        rules={[
          {
            validator: (_: unknown, end: Dayjs | null) => {
              const from = form.getFieldValue('admitDate') as Dayjs | null;
              return !end || !from || !end.isBefore(from, 'day') ? Promise.resolve() : Promise.reject(new Error(t('form.dischargeBeforeAdmit')));
            },
          },
        ]}
      >
        <DayPicker lang={labels.lang} testId="field-plannedDischargeDate" />
      </Field>
      <EnumSelect name="visitStatus" group="visitStatus" values={VISIT_STATUSES} />
      <EnumSelect name="hospitalStatus" group="hospitalStatus" values={HOSPITAL_STATUSES} />
      <LongText name="diagnosis" />
      <LongText name="additionalInfo" />
    </Section>
  );
}

/** Diet, disease food, allergens (and allergies no master row names), restricted ingredients, textures, requests. */
export function FoodSection({ base, choices, labels }: SectionProps) {
  const { t } = useTranslation(NS);
  const texture = (name: 'textureDrink' | 'textureFood', levels: readonly number[]) => (
    <Field name={name}>
      <Select
        allowClear
        placeholder={t('enum.noTexture')}
        data-testid={`field-${name}`}
        options={levels.map((l) => ({ value: l, label: t('enum.texture', { level: l }) }))}
      />
    </Field>
  );
  return (
    <Section title={t('form.food')}>
      <RefField name="dietTypeId" rows={choices.dietTypes} stored={base.dietType ? [base.dietType] : []} labels={labels} />
      <RefField name="therapeuticIds" rows={choices.therapeutics} stored={base.therapeutics ?? []} labels={labels} multiple />
      <RefField name="allergenIds" rows={choices.allergens} stored={base.allergens ?? []} labels={labels} multiple />
      <Field name="unmappedAllergies" hint={t('allergy.unmappedHint')}>
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
        />
      </Field>
      <RefField name="restrictedIds" rows={choices.restricted} stored={base.restricted ?? []} labels={labels} multiple />
      {texture('textureDrink', DRINK_LEVELS)}
      {texture('textureFood', FOOD_LEVELS)}
      <LongText name="specialRequest" />
      <LongText name="remark" />
    </Section>
  );
}

/** NPO and the medical order, each a start and an end after it (an NPO end needs its start). */
export function MedicalSection({ labels, form }: SectionProps) {
  const { t } = useTranslation(NS);
  const laterThan = (start: keyof FormValues) => ({
    validator: (_: unknown, end: Dayjs | null) => {
      const from = form.getFieldValue(start) as Dayjs | null;
      return !end || !from || end.isAfter(from) ? Promise.resolve() : Promise.reject(new Error(t('form.endAfterStart')));
    },
  });
  return (
    <Section title={t('form.medical')}>
      <Field name="npoFrom">
        <DayPicker time lang={labels.lang} testId="field-npoFrom" />
      </Field>
      <Field
        name="npoTo"
        rules={[
          {
            validator: (_: unknown, end: Dayjs | null) =>
              !end || form.getFieldValue('npoFrom') ? Promise.resolve() : Promise.reject(new Error(t('form.npoToNeedsFrom'))),
          },
          laterThan('npoFrom'),
        ]}
      >
        <DayPicker time lang={labels.lang} testId="field-npoTo" />
      </Field>
      <Field name="medicalOrderStart">
        <DayPicker time lang={labels.lang} testId="field-medicalOrderStart" />
      </Field>
      <Field name="medicalOrderEnd" rules={[laterThan('medicalOrderStart')]}>
        <DayPicker time lang={labels.lang} testId="field-medicalOrderEnd" />
      </Field>
    </Section>
  );
}
