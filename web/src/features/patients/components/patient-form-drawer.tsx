import { Alert, App, Button, Drawer, Form, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/patients/i18n';
import { useNewRooms } from '@/features/patients/api/get-choices';
import { usePatient } from '@/features/patients/api/get-patient';
import { staleCurrent, useUpdatePatient } from '@/features/patients/api/update-patient';
import {
  FoodSection, IdentitySection, MedicalSection, StaleAlert, StaySection, usePatientChoices,
} from '@/features/patients/components/patient-form-sections';
import { differingFields, FORM_FIELDS, toInput, toValues, type FormValues } from '@/features/patients/form-values';
import { useLabels } from '@/features/patients/use-labels';
import type { Patient } from '@/features/patients/types';
import { useGuardedClose } from '@/components/unsaved-changes';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors, clearErrors } from '@/lib/form-errors';

type Props = { hnId: string | null; onClose: () => void };

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
  const rooms = useNewRooms(labels.branch, open ? wardId : null);
  const choices = usePatientChoices(labels.branch, open);

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

  const section = { choices, labels, form };
  const staleFields = stale ? differingFields(form.getFieldsValue(true) as FormValues, toValues(stale, labels.timeZone)) : [];

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
          {stale && <StaleAlert stale={stale} staleFields={staleFields} labels={labels} onReload={() => fillFrom(stale)} onKeep={() => form.submit()} />}
          {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} data-testid="form-error" />}

          <IdentitySection base={base} {...section} />
          <StaySection base={base} {...section} wardId={wardId} rooms={rooms} />
          <FoodSection base={base} {...section} />
          <MedicalSection base={base} {...section} />

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
