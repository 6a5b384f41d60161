import { Alert, Input, List, Radio, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AllergyTags } from '@/components/allergy-tags';
import { timeIn } from '@/lib/dates';
import { NS } from '@/features/orders/i18n';
import { useCheckOrderMany } from '@/features/orders/api/checker-order-many';
import { useFilterMenu } from '@/features/orders/api/filter-menu';
import { useSubmitOrderMany, type ManyDraft } from '@/features/orders/api/submit-order-many';
import { ManyOrderModal, useManyOrder } from '@/features/orders/components/many-order-modal';
import { FreeTextAck, IddsiTag, MealChecks, useOrderLabels } from '@/features/orders/components/parts';
import { freeTextRules } from '@/features/orders/answers';
import { draftBody } from '@/features/orders/draft';
import { NEW_CHOICE, ORDER_TYPES, type MealType, type OrderRow, type OrderType, type Problem } from '@/features/orders/types';

type Props = { open: boolean; rows: OrderRow[]; dateOrder: string; mealTypes: MealType[]; onClose: (done: boolean) => void };

/** The meal types still to come on a date in the branch: all of a later day, those not yet over today. */
export function mealsAhead(mealTypes: MealType[], dateOrder: string, today: string, nowHHMM: string): MealType[] {
  if (dateOrder > today) return mealTypes;
  if (dateOrder < today) return [];
  return mealTypes.filter((m) => (m.endTime ?? '23:59') > nowHHMM);
}

/**
 * The same choice for the ticked patients (submitOrderMany): the meal types, the order type
 * and for food a set of the day or a free-text meal. Every patient is listed with bed, name
 * and safety facts, and checked by the server as the choice is made (checkerOrderMany): a
 * free-text meal for a patient with food rules is acknowledged on that patient's row; the
 * refused ones are listed with the reason after the submit.
 */
export function BulkOrderModal({ open, rows, dateOrder, mealTypes, onClose }: Props) {
  const { t } = useTranslation(NS);
  const labels = useOrderLabels();
  const [meals, setMeals] = useState<number[]>([]);
  const [orderType, setOrderType] = useState<OrderType>('ORD');
  const [course, setCourse] = useState<'SET' | 'SPECIFIC'>('SET');
  const [setId, setSetId] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [acked, setAcked] = useState<string[]>([]);
  const many = useSubmitOrderMany();
  const answer = useManyOrder(open, many);
  const offered = useMemo(
    () => mealsAhead(mealTypes, dateOrder, labels.today, timeIn(labels.timeZone)),
    [mealTypes, dateOrder, labels.today, labels.timeZone],
  );
  // the sets of the day, read for the first ticked patient (each patient is checked on its own)
  const menu = useFilterMenu(
    { branchCode: labels.branch, hnId: rows[0]?.hnId ?? '', dateOrder, mealTimeId: meals[0] ?? 0, foodScope: 'BOTH' },
    open && orderType === 'ORD' && course === 'SET' && meals.length > 0,
  );

  useEffect(() => {
    if (open) {
      // nothing chosen for the nurse: the meal types are ticked on purpose
      setMeals([]);
      setOrderType('ORD');
      setCourse('SET');
      setSetId(null);
      setDescription('');
      setAcked([]);
    }
  }, [open]);

  const food = orderType === 'ORD';
  const ready = meals.length > 0 && (!food || (course === 'SET' ? setId !== null : description.trim() !== ''));
  // a new order's choice but for the order type, a set of the day or a free-text meal
  const draft = (acks: string[]): ManyDraft => ({
    ...draftBody(
      { ...NEW_CHOICE, orderType, courseType: food ? course : 'MENU', description },
      setId !== null ? [{ menuSetId: setId, alternativeNote: '' }] : [],
      { branchCode: labels.branch, idempotencyKey: answer.key(), dates: [dateOrder], mealTimeIds: meals, freeTextAcknowledged: false },
    ),
    hnIds: rows.map((r) => r.hnId),
    patientVersions: Object.fromEntries(rows.map((r) => [r.hnId, r.version])),
    freeTextAcknowledgedHnIds: acks,
  });
  // each patient's problems with the choice as it stands (the acknowledgements are the rows')
  const check = useCheckOrderMany(draft([]), open && ready && answer.result === null);
  const problemsOf = (hn: string): Problem[] => check.data?.results?.find((r) => r.hnId === hn)?.problems ?? [];

  // an acknowledgement counts only for a patient the server asked it of
  const send = () => answer.send(draft(acked.filter((hn) => freeTextRules(problemsOf(hn)).length > 0 || !check.data)));

  const toggleAck = (hn: string, on: boolean) => setAcked((a) => (on ? [...a.filter((x) => x !== hn), hn] : a.filter((x) => x !== hn)));

  return (
    <ManyOrderModal
      open={open}
      title={t('bulk.title', { count: rows.length })}
      okText={t('form.submit')}
      ready={ready}
      pending={many.isPending}
      width={720}
      testId="bulk-modal"
      okTestId="bulk-submit"
      answer={answer}
      who={(hn) => {
        const r = rows.find((x) => x.hnId === hn);
        return r ? [labels.ref(r.room), labels.name(r), hn].filter(Boolean).join(' · ') : hn;
      }}
      onSend={send}
      onClose={onClose}
    >
      <Typography.Text type="secondary">{t('bulk.hint', { date: labels.day(dateOrder), hns: rows.map((r) => r.hnId).join(', ') })}</Typography.Text>
      {offered.length === 0 ? (
        <Alert type="info" showIcon message={t('bulk.noMealAhead')} data-testid="bulk-no-meal" />
      ) : (
        <MealChecks mealTypes={offered} value={meals} onChange={setMeals} testId="bulk-meals" itemTestId="bulk-meal" ariaLabel={t('form.mealType')} />
      )}
      <Radio.Group value={orderType} onChange={(e) => setOrderType(e.target.value)} optionType="button" options={ORDER_TYPES.map((o) => ({ value: o, label: t(`orderType.${o}`) }))} data-testid="bulk-order-type" />
      {food && (
        <>
          <Radio.Group value={course} onChange={(e) => setCourse(e.target.value)} options={(['SET', 'SPECIFIC'] as const).map((c) => ({ value: c, label: t(`courseType.${c}`) }))} data-testid="bulk-course" />
          {course === 'SET' ? (
            <Select
              style={{ width: '100%' }}
              placeholder={t('bulk.chooseSet')}
              aria-label={t('bulk.chooseSet')}
              value={setId ?? undefined}
              onChange={(v) => setSetId(v ?? null)}
              loading={menu.isFetching}
              options={(menu.data?.sets ?? []).map((o) => ({ value: o.menuSet.id, label: `${o.menuSet.code} · ${labels.ref(o.menuSet)}` }))}
              notFoundContent={meals.length === 0 ? t('bulk.chooseMealFirst') : menu.data && !menu.data.covered ? t('menu.notCovered') : t('menu.noSet')}
              data-testid="bulk-set"
            />
          ) : (
            <Input.TextArea rows={2} value={description} onChange={(e) => setDescription(e.target.value)} placeholder={t('form.description')} aria-label={t('form.description')} data-testid="bulk-description" />
          )}
        </>
      )}
      <List
        size="small"
        bordered
        dataSource={rows}
        data-testid="bulk-rows"
        renderItem={(r) => {
          const probs = ready ? problemsOf(r.hnId) : [];
          const rules = freeTextRules(probs);
          const others = probs.filter((p) => p.code !== 'FREE_TEXT');
          const ok = ready && check.data && others.length === 0 && (rules.length === 0 || acked.includes(r.hnId));
          return (
            <List.Item data-hn={r.hnId} data-ok={ok ? 'true' : 'false'}>
              <Space direction="vertical" size={4} style={{ width: '100%' }}>
                <Space size={[8, 4]} wrap>
                  <Typography.Text strong>{labels.ref(r.room) || '—'}</Typography.Text>
                  <Typography.Text>{labels.name(r)}</Typography.Text>
                  <Typography.Text type="secondary">{r.hnId}</Typography.Text>
                  {ok && <Tag color="green" data-testid="bulk-row-ok">{t('bulk.rowOk')}</Tag>}
                </Space>
                <Space size={[4, 4]} wrap>
                  <AllergyTags allergens={r.allergens} unmapped={r.unmappedAllergies} name={labels.ref} />
                  {r.textureFood !== null && <IddsiTag type="FOOD" level={r.textureFood} />}
                  {r.textureDrink !== null && <IddsiTag type="DRINK" level={r.textureDrink} />}
                </Space>
                {others.length > 0 && (
                  <Typography.Text type="danger" data-testid="bulk-row-problems">
                    {others.map((p) => p.message).join('; ')}
                  </Typography.Text>
                )}
                <FreeTextAck rules={rules} checked={acked.includes(r.hnId)} onChange={(on) => toggleAck(r.hnId, on)} testId="bulk-free-text" />
              </Space>
            </List.Item>
          );
        }}
      />
    </ManyOrderModal>
  );
}
