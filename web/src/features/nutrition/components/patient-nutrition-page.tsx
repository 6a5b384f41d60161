import { App, Button, Form, Input, InputNumber, Select, Space, Typography, type TableColumnsType } from 'antd';
import { DatePicker } from '@/components/date-picker';
import { Table } from '@/components/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-drawer';
import { DayBrief, NutrientTable } from '@/components/nutrient-table';
import { ScreenFrame } from '@/components/screen-frame';
import { ButtonLink } from '@/components/button-link';
import { useSearchBoxParts } from '@/components/search-box-parts';
import { useGuardedClose } from '@/components/unsaved-changes';
import { useNutritionDays, type PatientDay, type Target } from '@/lib/api/get-nutrition-days';
import { useWards } from '@/lib/api/get-wards';
import { THAI_PICKER, pickerFormat } from '@/lib/dates';
import { applyFieldErrors } from '@/lib/form-errors';
import { pickName } from '@/lib/names';
import { placeOptions, placeSearch } from '@/lib/place-options';
import { NUTRIENTS, NUTRIENT_UNIT, rangeText, type Nutrient } from '@/lib/nutrients';
import { useBranchToday } from '@/lib/use-branch-today';
import { useSession } from '@/lib/use-session';
import { usePatientTargets, type OwnTarget } from '@/features/nutrition/api/get-patient-targets';
import { useUpdatePatientTargets } from '@/features/nutrition/api/update-patient-targets';
import { NS } from '@/features/nutrition/i18n';
import { IntakeChart } from '@/features/nutrition/components/intake-chart';

const BOUNDS = ['dailyMin', 'dailyMax', 'mealMin', 'mealMax'] as const;
const PER_KG: Nutrient[] = ['energy', 'protein'];

/**
 * The Nutritionist's patients (/auth/nutrition, issue 27): each patient in hospital with the
 * day's trays against the targets; a patient's weight and own targets are set in a drawer.
 */
export default function PatientNutritionPage() {
  const { t, i18n } = useTranslation(NS);
  const searchParts = useSearchBoxParts();
  const lang = i18n.language;
  const { userInfo } = useSession();
  const branchCode = userInfo?.current?.branchCode ?? '';
  const { today } = useBranchToday();
  const [date, setDate] = useState<string | null>(null);
  const [criteria, setCriteria] = useState('');
  const [ward, setWard] = useState(0);
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [editing, setEditing] = useState<PatientDay | null>(null);
  const wards = useWards(branchCode);
  const day = date ?? today;
  const days = useNutritionDays({ branchCode, dateOrder: day, ward, criteria, ...page }, day !== '');

  const name = (p: PatientDay) => pickName(lang, `${p.firstNameTh} ${p.lastNameTh}`.trim(), `${p.firstNameEn} ${p.lastNameEn}`.trim());
  const columns: TableColumnsType<PatientDay> = [
    { key: 'bed', title: t('columns.bed'), width: 110, render: (_, p) => [p.wardCode, p.roomCode].filter(Boolean).join(' · ') || '—' },
    {
      key: 'patient',
      title: t('columns.patient'),
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>{name(p)}</span>
          <Typography.Text type="secondary">{p.hnId}</Typography.Text>
        </Space>
      ),
    },
    { key: 'weight', title: t('columns.weight'), width: 110, render: (_, p) => (p.weightKg != null ? t('kg', { value: p.weightKg }) : '—') },
    { key: 'day', title: t('columns.day'), render: (_, p) => <DayBrief day={p} /> },
    {
      key: 'targets',
      title: t('columns.targets'),
      render: (_, p) => <TargetsBrief targets={p.targets} />,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 150,
      render: (_, p) => (
        <Button onClick={() => setEditing(p)} data-testid="edit-targets" aria-label={t('editFor', { name: name(p) })}>
          {t('edit')}
        </Button>
      ),
    },
  ];

  return (
    <ScreenFrame title={t('title')} subtitle={t('subtitle')} testId="patient-nutrition">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <Input.Search
            {...searchParts}
            placeholder={t('search')}
            aria-label={t('search')}
            onSearch={(v) => {
              setCriteria(v.trim());
              setPage((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: 280 }}
            data-testid="nutrition-search"
          />
          <Select
            aria-label={t('ward')}
            value={ward}
            onChange={(w) => {
              setWard(w);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            style={{ minWidth: 180 }}
            {...placeSearch}
            data-testid="nutrition-ward"
            options={[{ value: 0, label: t('allWards') }, ...placeOptions(wards.data, lang)]}
          />
          <DatePicker
            allowClear={false}
            value={day ? dayjs(day) : null}
            format={pickerFormat(lang)}
            locale={lang === 'th' ? THAI_PICKER : undefined}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
            aria-label={t('date')}
          />
          <ButtonLink to="/auth/nutrition/worklist" data-testid="open-worklist">
            {t('worklist.open')}
          </ButtonLink>
        </Space>
        <Table
          rowKey="hnId"
          size="small"
          columns={columns}
          dataSource={days.data?.items ?? []}
          loading={days.isFetching}
          data-testid="nutrition-table"
          pagination={{
            current: page.page,
            pageSize: page.size,
            total: days.data?.total ?? 0,
            onChange: (p, s) => setPage({ page: p, size: s }),
          }}
        />
      </Space>
      <TargetsDrawer branchCode={branchCode} patient={editing} name={editing ? name(editing) : ''} onClose={() => setEditing(null)} />
    </ScreenFrame>
  );
}

/** The nutrients a patient's targets bound, each with its range. */
function TargetsBrief({ targets }: { targets: Target[] }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <Space direction="vertical" size={0}>
      {targets.map((x) => (
        <Typography.Text key={x.nutrient} type={x.own ? undefined : 'secondary'}>
          {t(`nutrients.${x.nutrient}`)} {rangeText(x.dailyMin, x.dailyMax, x.nutrient, i18n.language)}
          {x.own && ` (${t('own')})`}
        </Typography.Text>
      ))}
    </Space>
  );
}

type Values = Record<string, number | string | null | undefined>;

/** The form's values of a record: weight, and per nutrient its basis and bounds. */
function valuesOf(weightKg: number | null, own: OwnTarget[]): Values {
  const v: Values = { weightKg };
  for (const n of NUTRIENTS) {
    const o = own.find((x) => x.nutrient === n);
    v[`${n}.basis`] = o?.basis ?? 'DAY';
    for (const b of BOUNDS) v[`${n}.${b}`] = o?.[b] ?? null;
  }
  return v;
}

/** The own targets of the form's values: the nutrients with a bound. */
function targetsOf(v: Values): OwnTarget[] {
  const num = (x: unknown) => (typeof x === 'number' ? x : null);
  return NUTRIENTS.flatMap((n) => {
    const b = Object.fromEntries(BOUNDS.map((k) => [k, num(v[`${n}.${k}`])])) as Record<(typeof BOUNDS)[number], number | null>;
    if (BOUNDS.every((k) => b[k] === null)) return [];
    return [{ nutrient: n, basis: v[`${n}.basis`] === 'KG' ? 'KG' : 'DAY', ...b } satisfies OwnTarget];
  });
}

function TargetsDrawer({ branchCode, patient, name, onClose }: { branchCode: string; patient: PatientDay | null; name: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const open = patient !== null;
  const rec = usePatientTargets(branchCode, patient?.hnId ?? null);
  const save = useUpdatePatientTargets();
  const guard = useGuardedClose(open, onClose);
  const [error, setError] = useState('');

  useEffect(() => {
    if (open && rec.data) {
      form.resetFields();
      form.setFieldsValue(valuesOf(rec.data.weightKg, rec.data.own));
      setError('');
    }
  }, [open, rec.data, form]);

  const fields = ['weightKg', ...NUTRIENTS.flatMap((n) => ['basis', ...BOUNDS].map((b) => `${n}.${b}`))];
  async function submit(v: Values) {
    if (!patient) return;
    try {
      await save.mutateAsync({ branchCode, hnId: patient.hnId, weightKg: typeof v.weightKg === 'number' ? v.weightKg : null, targets: targetsOf(v) });
      notification.success({ message: t('saved') });
      onClose();
    } catch (e) {
      // targets.energy.dailyMax → the field energy.dailyMax; a nutrient's own message on its first field
      const rest = applyFieldErrors(form, e, fields, (k) => {
        const f = k.replace(/^targets\./, '');
        return fields.includes(f) ? f : `${f}.dailyMin`;
      });
      setError(rest.join('\n'));
    }
  }

  const diet = (n: Nutrient) => rec.data?.dietTargets.find((x) => x.nutrient === n);
  return (
    <FormDrawer
      open={open}
      title={t('drawerTitle', { name })}
      width={860}
      testId="targets-drawer"
      onClose={guard.close}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} onValuesChange={guard.changed} name="patient-targets">
        <Form.Item name="weightKg" label={t('weight')} extra={t('weightHint')}>
          <InputNumber min={0.1} max={400} precision={1} addonAfter="kg" style={{ width: 180 }} data-testid="field-weightKg" />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('ownHint')}</Typography.Paragraph>
        <table className="nutrition-targets" style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'start' }}>{t('nutrient')}</th>
              <th scope="col" style={{ textAlign: 'start' }}>{t('dietTarget')}</th>
              <th scope="col" style={{ textAlign: 'start' }}>{t('basis')}</th>
              {BOUNDS.map((b) => (
                <th key={b} scope="col" style={{ textAlign: 'start' }}>
                  {t(`bounds.${b}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NUTRIENTS.map((n) => {
              const d = diet(n);
              return (
                <tr key={n} data-testid={`own-${n}`}>
                  <th scope="row" style={{ textAlign: 'start', fontWeight: 'normal' }}>
                    {t(`nutrients.${n}`)}
                  </th>
                  <td>
                    <Typography.Text type="secondary">
                      {d ? rangeText(d.dailyMin, d.dailyMax, n, lang) || rangeText(d.mealMin, d.mealMax, n, lang) : '—'}
                    </Typography.Text>
                  </td>
                  <td>
                    <Form.Item name={`${n}.basis`} style={{ margin: 4 }}>
                      <Select
                        style={{ width: 150 }}
                        aria-label={t('basisFor', { nutrient: t(`nutrients.${n}`) })}
                        options={[
                          { value: 'DAY', label: t('basisDay', { unit: NUTRIENT_UNIT[n] }) },
                          ...(PER_KG.includes(n) ? [{ value: 'KG', label: t('basisKg', { unit: NUTRIENT_UNIT[n] }) }] : []),
                        ]}
                      />
                    </Form.Item>
                  </td>
                  {BOUNDS.map((b) => (
                    <td key={b}>
                      <Form.Item name={`${n}.${b}`} style={{ margin: 4 }}>
                        <InputNumber
                          min={0}
                          precision={2}
                          style={{ width: 110 }}
                          aria-label={t('boundFor', { bound: t(`bounds.${b}`), nutrient: t(`nutrients.${n}`) })}
                          data-testid={`field-${n}-${b}`}
                        />
                      </Form.Item>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
      </Form>
      {rec.data && (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{t('holding')}</Typography.Title>
          <NutrientTable targets={rec.data.targets} soFar={patient?.totals ?? {}} testId="targets-holding" />
        </div>
      )}
      {patient && (
        <section style={{ marginTop: 16 }} aria-labelledby="intake-title">
          <Typography.Title level={5} id="intake-title">
            {t('intake.title')}
          </Typography.Title>
          <IntakeChart branchCode={branchCode} hnId={patient.hnId} />
        </section>
      )}
    </FormDrawer>
  );
}
