import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  Alert, App, Button, Checkbox, DatePicker, Divider, Form, Input, Radio, Result, Select, Skeleton, Space, Switch, Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ScreenFrame } from '@/components/screen-frame';
import { isApiError } from '@/lib/api-client';
import { NS } from '@/features/orders/i18n';
import { useCheckOrder } from '@/features/orders/api/checker-order-taker';
import { useChoices, type ChoiceRow } from '@/features/orders/api/get-choices';
import { useFilterMenu } from '@/features/orders/api/filter-menu';
import { useSearchOrders } from '@/features/orders/api/search-orders';
import { useSubmitOrder } from '@/features/orders/api/submit-order';
import { AlternativeNoteModal } from '@/features/orders/components/alternative-note-modal';
import { DishCards, SetCards } from '@/features/orders/components/menu-cards';
import { OrderDetailsDrawer } from '@/features/orders/components/order-details-drawer';
import { THAI_PICKER, pickerFormat } from '@/lib/dates';
import { FreeTextAck, MealBadge, useOrderLabels, type OrderLabels } from '@/features/orders/components/parts';
import { PatientHeader } from '@/features/orders/components/patient-header';
import {
  buildDraft, choiceReducer, errorText, existingOrder, freeTextRules, initialChoice, localProblems, newKey, NO_CAREGIVER, NO_FILTERS, problemsOf, type Filters,
} from '@/features/orders/draft';
import { listPath, readTarget, type BackState, type FormTarget } from '@/features/orders/paths';
import {
  COURSE_TYPES, FOOD_SCOPES, ORDER_TYPES, type CaregiverInfo, type FoodRule, type MealType, type OrderRow, type Problem,
} from '@/features/orders/types';

/** The order form (/auth/order/form) or the caregiver's (/auth/order/care-giver/form), opened for a patient, date and meal. */
export function OrderFormScreen({ caregiver }: { caregiver: boolean }) {
  const { t } = useTranslation(NS);
  const [search] = useSearchParams();
  // every navigation to the form (Order again from its own drawer included) is a fresh form
  const { key: visit, state: from } = useLocation();
  const labels = useOrderLabels();
  const target = readTarget(search);
  const found = useSearchOrders(
    { branch: labels.branch, dateOrder: target?.date ?? '', criteria: target?.hn, page: 1, size: 20, ward: 'All', status: 'All' },
    target !== null,
  );
  const row = found.data?.items.find((r) => r.hnId === target?.hn);
  const title = caregiver ? t('form.caregiverTitle') : t('form.title');
  const back = (
    <Link to={target ? listPath(from, target.date) : '/auth/order'} state={target ? ({ hn: target.hn } satisfies BackState) : undefined} data-testid="form-back">
      <ArrowLeftOutlined /> {t('form.backToList')}
    </Link>
  );
  let body: React.ReactNode;
  if (!target) body = <Result status="info" title={t('form.noTarget')} extra={back} />;
  else if (found.isLoading || (!found.data && !found.isError)) body = <Skeleton active />;
  else if (!row) body = <Result status="warning" title={t('form.notFound', { hn: target.hn })} extra={back} data-testid="form-not-found" />;
  else
    body = (
      <OrderFormBody
        key={`${visit}|${row.hnId}|${target.date}|${target.meal}|${caregiver}`}
        row={row}
        target={target}
        caregiver={caregiver}
        labels={labels}
        mealTypes={found.data?.mealTypes ?? []}
        back={back}
      />
    );
  return (
    <ScreenFrame title={title} subtitle={t(caregiver ? 'form.caregiverSubtitle' : 'form.subtitle')} testId={caregiver ? 'caregiver-form-page' : 'order-form-page'}>
      {body}
    </ScreenFrame>
  );
}

type BodyProps = { row: OrderRow; target: FormTarget; caregiver: boolean; labels: OrderLabels; mealTypes: MealType[]; back: React.ReactNode };

const refOptions = (rows: ChoiceRow[] | undefined, labels: OrderLabels) => (rows ?? []).map((r) => ({ value: r.id, label: `${r.code} · ${labels.ref(r)}` }));

function OrderFormBody({ row, target, caregiver, labels, mealTypes, back }: BodyProps) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { state: from } = useLocation();
  const branchCode = labels.branch;
  const startFilters: Filters = { ...NO_FILTERS, dietTypeId: caregiver ? null : row.dietType?.id ?? null };
  const [s, dispatch] = useReducer(choiceReducer, undefined, () => initialChoice('BOTH', startFilters));
  const [dates, setDates] = useState<string[]>([target.date]);
  const [meals, setMeals] = useState<number[]>(target.meal > 0 ? [target.meal] : mealTypes.slice(0, 1).map((m) => m.id));
  const [care, setCare] = useState<CaregiverInfo>(NO_CAREGIVER);
  const [description, setDescription] = useState('');
  const [otherIds, setOtherIds] = useState<number[]>([]);
  const [remarkIds, setRemarkIds] = useState<number[]>([]);
  const [remark, setRemark] = useState('');
  const [charge, setCharge] = useState(false);
  const [dysphagiaFoodType, setDysphagiaFoodType] = useState<number | null>(null);
  const [unmappedChecked, setUnmappedChecked] = useState(false);
  // a free-text meal's acknowledgement, and the rules the server last asked it for
  const [freeTextAck, setFreeTextAck] = useState(false);
  const [ackRules, setAckRules] = useState<FoodRule[]>([]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [local, setLocal] = useState<string[]>([]);
  const [existing, setExisting] = useState<string | null>(null);
  const [details, setDetails] = useState<string | null>(null);
  const key = useRef(newKey());
  const check = useCheckOrder();
  const submit = useSubmitOrder();

  const unmapped = !caregiver && (row.unmappedAllergies ?? []).length > 0;
  const dietTypes = useChoices('getDietType', branchCode);
  const therapeutics = useChoices('getTherapeutic', branchCode, caregiver ? {} : { hnId: row.hnId });
  const cuisines = useChoices('getCuisine', branchCode);
  const components = useChoices('getMealComponents', branchCode);
  const others = useChoices('getOthers', branchCode);
  const remarks = useChoices('getRemarks', branchCode);
  const religions = useChoices('getReligion', branchCode, {}, caregiver);
  const vegetarians = useChoices('getVegetarian', branchCode, {}, caregiver);
  const careAllergens = useChoices('getAllergensCaregiver', branchCode, {}, caregiver);
  const religionCode = religions.data?.find((r) => r.id === care.religionId)?.code;
  const vegetarianCode = vegetarians.data?.find((r) => r.id === care.vegetarianId)?.code;
  const careRestricted = useChoices('getRestrictedCaregiver', branchCode, { religionCode, vegetarianCode }, caregiver);

  // the menu shown is the first chosen date's, for the first chosen meal type (by time)
  const sortedDates = [...dates].sort();
  const mealOrder = mealTypes.map((m) => m.id).filter((id) => meals.includes(id));
  const menuDate = sortedDates[0] ?? '';
  const menuMeal = mealOrder[0] ?? meals[0] ?? 0;
  const food = s.orderType === 'ORD';
  const menu = useFilterMenu(
    {
      branchCode, hnId: row.hnId, dateOrder: menuDate, mealTimeId: menuMeal, foodScope: s.foodScope, ...s.filters,
      ...(caregiver ? { caregiver: care } : {}),
    },
    food && s.courseType !== 'SPECIFIC',
  );

  // another menu (date or meal) is another set of dishes: what was chosen goes
  const menuPair = `${menuDate}|${menuMeal}`;
  const lastPair = useRef(menuPair);
  useEffect(() => {
    if (lastPair.current !== menuPair) {
      lastPair.current = menuPair;
      dispatch({ type: 'menuChanged' });
    }
  }, [menuPair]);

  const setCareInfo = (patch: Partial<CaregiverInfo>) => {
    setCare((c) => ({ ...c, ...patch }));
    dispatch({ type: 'restrictions' });
  };

  const mealName = (id?: number) => labels.ref(mealTypes.find((m) => m.id === id));
  const draft = () =>
    buildDraft(s, {
      branchCode, hnId: row.hnId, patientVersion: row.version, idempotencyKey: key.current, dates: sortedDates, mealTimeIds: mealOrder,
      caregiver: caregiver ? care : null, description, otherIds, remarkIds, remark, charge, dysphagiaFoodType, unmappedAllergiesChecked: unmappedChecked,
      freeTextAcknowledged: freeTextAck,
    });

  const showProblems = (list: Problem[]) => {
    setProblems(list);
    const rules = freeTextRules(list);
    if (rules.length > 0) setAckRules(rules);
  };

  const clearAnswers = () => {
    setProblems([]);
    setLocal([]);
    setExisting(null);
  };

  const runCheck = (then?: () => void) => {
    clearAnswers();
    const before = localProblems(s, { dates: sortedDates, mealTimeIds: mealOrder, description, unmapped, unmappedChecked });
    if (before.length > 0) {
      setLocal(before);
      return;
    }
    check.mutate(draft(), {
      onSuccess: (r) => {
        const list = r.problems ?? [];
        showProblems(list);
        if (list.length === 0) {
          if (then) then();
          else notification.success({ message: t('messages.checkOk') });
        }
      },
      onError: (e) => {
        const msg = errorText(e, t('messages.failed'));
        if (msg) notification.error({ message: msg });
      },
    });
  };

  const doSubmit = () =>
    runCheck(() =>
      submit.mutate(draft(), {
        onSuccess: () => {
          key.current = newKey();
          notification.success({ message: t('messages.submitted') });
          // back to the list as it was left (search, filters, page), the ordered row brought into view
          navigate(listPath(from, target.date), { state: { hn: target.hn } satisfies BackState });
        },
        onError: (e) => {
          // an answer (not a lost connection) ends this attempt: the next one is a new request
          if (isApiError(e) && e.status !== 0) key.current = newKey();
          const ex = existingOrder(e);
          const list = problemsOf(e);
          if (ex) setExisting(ex.orderId);
          else if (list.length > 0) showProblems(list);
          const msg = errorText(e, '');
          if (msg !== null) notification.error({ message: t('messages.submitFailed'), description: msg || undefined });
        },
      }),
    );

  const offeredMenus = menu.data?.menus ?? [];
  const offeredSets = menu.data?.sets ?? [];
  const alreadyOrdered = row.meals.filter((m) => dates.includes(target.date) && meals.includes(m.mealTimeId) && (caregiver ? m.caregiverOrder : m.order) && (caregiver ? m.caregiverOrder : m.order)!.status !== 'CANCELLED');
  const levels = useMemo(() => [3, 4, 5, 6, 7].filter((l) => row.textureFood === null || l <= row.textureFood), [row.textureFood]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {back}
      <PatientHeader p={row} labels={labels} therapeutics={therapeutics.data} caregiver={caregiver} />
      {row.needsReview && <Alert type="error" showIcon message={t('review.rowHint')} />}
      {alreadyOrdered.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="already-ordered"
          message={t('form.alreadyOrdered', { meals: alreadyOrdered.map((m) => labels.ref(m)).join(', ') })}
          action={
            <Button size="small" onClick={() => setDetails((caregiver ? alreadyOrdered[0].caregiverOrder : alreadyOrdered[0].order)!.orderId)}>
              {t('form.viewOrder')}
            </Button>
          }
        />
      )}
      <Form layout="vertical" component="div">
        <Space wrap size="large" align="start">
          <Form.Item label={t('form.mealType')} required>
            <Checkbox.Group value={meals} onChange={(v) => setMeals(v as number[])} data-testid="meal-types">
              {mealTypes.map((m) => (
                <Checkbox key={m.id} value={m.id} data-testid={`meal-${m.code}`}>
                  <Space size={4}>
                    <MealBadge meal={m} />
                    {labels.ref(m)}
                  </Space>
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
          <Form.Item label={t('form.dates')} required>
            <DatePicker
              multiple
              maxTagCount="responsive"
              value={dates.map((d) => dayjs(d))}
              format={pickerFormat(labels.lang)}
              locale={labels.lang === 'th' ? THAI_PICKER : undefined}
              onChange={(v) => setDates(((v ?? []) as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD')))}
              style={{ minWidth: 220 }}
              data-testid="order-dates"
            />
          </Form.Item>
        </Space>
        <Form.Item label={t('form.orderType')}>
          <Radio.Group
            value={s.orderType}
            onChange={(e) => dispatch({ type: 'orderType', value: e.target.value })}
            optionType="button"
            options={ORDER_TYPES.map((o) => ({ value: o, label: t(`orderType.${o}`), disabled: caregiver && o !== 'ORD' }))}
            data-testid="order-type"
          />
        </Form.Item>
        {caregiver && (
          <>
            <Divider orientation="left">{t('form.caregiverFacts')}</Divider>
            <Space wrap size="middle" align="start" data-testid="caregiver-facts">
              <Form.Item label={t('patient.religion')}>
                <Select allowClear style={{ width: 200 }} value={care.religionId ?? undefined} onChange={(v) => setCareInfo({ religionId: v ?? null })} options={refOptions(religions.data, labels)} data-testid="care-religion" />
              </Form.Item>
              <Form.Item label={t('patient.vegetarian')}>
                <Select allowClear style={{ width: 200 }} value={care.vegetarianId ?? undefined} onChange={(v) => setCareInfo({ vegetarianId: v ?? null })} options={refOptions(vegetarians.data, labels)} data-testid="care-vegetarian" />
              </Form.Item>
              <Form.Item label={t('columns.allergens')}>
                <Select mode="multiple" allowClear style={{ minWidth: 240 }} value={care.allergenIds} onChange={(v) => setCareInfo({ allergenIds: v })} options={refOptions(careAllergens.data, labels)} optionFilterProp="label" data-testid="care-allergens" />
              </Form.Item>
              <Form.Item label={t('patient.restricted')}>
                <Select
                  mode="multiple"
                  allowClear
                  style={{ minWidth: 240 }}
                  value={care.restrictedIds}
                  onChange={(v) => setCareInfo({ restrictedIds: v })}
                  options={(careRestricted.data ?? []).map((r) => ({ value: r.id, label: `${r.code} · ${labels.ref(r)}${r.source && r.source !== 'PATIENT' ? ` (${t(`source.${r.source}`)})` : ''}` }))}
                  optionFilterProp="label"
                  data-testid="care-restricted"
                />
              </Form.Item>
            </Space>
          </>
        )}
        {food && (
          <>
            <Space wrap size="large">
              <Form.Item label={t('form.foodScope')}>
                <Radio.Group value={s.foodScope} onChange={(e) => dispatch({ type: 'foodScope', value: e.target.value })} options={FOOD_SCOPES.map((o) => ({ value: o, label: t(`foodScope.${o}`) }))} data-testid="food-scope" />
              </Form.Item>
              <Form.Item label={t('form.courseType')}>
                <Radio.Group value={s.courseType} onChange={(e) => dispatch({ type: 'courseType', value: e.target.value })} optionType="button" options={COURSE_TYPES.map((o) => ({ value: o, label: t(`courseType.${o}`) }))} data-testid="course-type" />
              </Form.Item>
            </Space>
            {s.courseType !== 'SPECIFIC' && (
              <Space wrap size="middle" data-testid="menu-filters">
                <Form.Item label={t('form.dietType')}>
                  <Select allowClear style={{ width: 190 }} value={s.filters.dietTypeId ?? undefined} onChange={(v) => dispatch({ type: 'filter', name: 'dietTypeId', value: v ?? null })} options={refOptions(dietTypes.data, labels)} placeholder={t('form.all')} data-testid="filter-diet" />
                </Form.Item>
                <Form.Item label={t('form.therapeutic')}>
                  <Select allowClear style={{ width: 190 }} value={s.filters.therapeuticId ?? undefined} onChange={(v) => dispatch({ type: 'filter', name: 'therapeuticId', value: v ?? null })} options={refOptions(therapeutics.data, labels)} placeholder={t('form.all')} data-testid="filter-therapeutic" />
                </Form.Item>
                <Form.Item label={t('form.cuisine')}>
                  <Select allowClear style={{ width: 190 }} value={s.filters.cuisineTypeId ?? undefined} onChange={(v) => dispatch({ type: 'filter', name: 'cuisineTypeId', value: v ?? null })} options={refOptions(cuisines.data, labels)} placeholder={t('form.all')} data-testid="filter-cuisine" />
                </Form.Item>
                <Form.Item label={t('form.component')}>
                  <Select allowClear style={{ width: 190 }} value={s.filters.mealComponentId ?? undefined} onChange={(v) => dispatch({ type: 'filter', name: 'mealComponentId', value: v ?? null })} options={refOptions(components.data, labels)} placeholder={t('form.all')} data-testid="filter-component" />
                </Form.Item>
              </Space>
            )}
          </>
        )}
      </Form>
      {s.cleared && <Alert type="info" showIcon closable message={t('form.cleared')} data-testid="choice-cleared" />}
      {s.refused && <Alert type="error" showIcon message={t('menu.refused', { name: labels.ref(s.refused.item) })} data-testid="choice-refused" />}
      {food && s.courseType !== 'SPECIFIC' && (
        <div data-testid="menu-offers">
          <Typography.Text type="secondary">
            {t('menu.shownFor', { date: menuDate ? labels.day(menuDate) : '—', meal: mealName(menuMeal) || '—' })}
            {(sortedDates.length > 1 || mealOrder.length > 1) && ` ${t('menu.othersChecked')}`}
          </Typography.Text>
          {menu.isFetching && !menu.data ? (
            <Skeleton active />
          ) : menu.data && !menu.data.covered ? (
            <Alert type="warning" showIcon message={t('menu.notCovered')} data-testid="menu-not-covered" />
          ) : s.courseType === 'MENU' ? (
            <DishCards offers={offeredMenus} chosen={s.chosen} labels={labels} onPick={(o) => dispatch({ type: 'pick', offer: o, blocked: o.blocked })} />
          ) : (
            <SetCards offers={offeredSets} chosen={s.chosen} labels={labels} onPick={(o) => dispatch({ type: 'pick', offer: o, blocked: o.blocked })} />
          )}
        </div>
      )}
      {food && s.courseType === 'SPECIFIC' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>{t('form.description')}</Typography.Text>
          <Input.TextArea rows={3} value={description} maxLength={1000} onChange={(e) => setDescription(e.target.value)} data-testid="description" />
          {!caregiver && row.textureFood !== null && (
            <Space>
              <Typography.Text>{t('form.dysphagiaFoodType')}</Typography.Text>
              <Select style={{ width: 240 }} allowClear value={dysphagiaFoodType ?? undefined} onChange={(v) => setDysphagiaFoodType(v ?? null)} options={levels.map((l) => ({ value: l, label: t('iddsi.label', { level: l, name: t(`iddsi.FOOD.${l}`) }) }))} data-testid="dysphagia-level" />
            </Space>
          )}
        </Space>
      )}
      <Form layout="vertical" component="div">
        <Space wrap size="middle" align="start">
          {food && (
            <Form.Item label={t('form.others')}>
              <Select mode="multiple" allowClear style={{ minWidth: 220 }} value={otherIds} onChange={setOtherIds} options={refOptions(others.data, labels)} optionFilterProp="label" data-testid="others" />
            </Form.Item>
          )}
          <Form.Item label={t('form.remarks')}>
            <Select mode="multiple" allowClear style={{ minWidth: 220 }} value={remarkIds} onChange={setRemarkIds} options={refOptions(remarks.data, labels)} optionFilterProp="label" data-testid="remarks" />
          </Form.Item>
          <Form.Item label={t('form.remark')}>
            <Input style={{ width: 260 }} value={remark} maxLength={500} onChange={(e) => setRemark(e.target.value)} data-testid="remark" />
          </Form.Item>
          {food && (
            <Form.Item label={t('form.charge')}>
              <Switch checked={charge} onChange={setCharge} data-testid="charge" />
            </Form.Item>
          )}
        </Space>
      </Form>
      {food && s.courseType === 'SPECIFIC' && <FreeTextAck rules={ackRules} checked={freeTextAck} onChange={setFreeTextAck} />}
      {unmapped && (
        <Checkbox checked={unmappedChecked} onChange={(e) => setUnmappedChecked(e.target.checked)} data-testid="unmapped-confirm">
          <Typography.Text type="danger">{t('form.unmappedConfirm')}</Typography.Text> ({(row.unmappedAllergies ?? []).join(', ')})
        </Checkbox>
      )}
      {local.length > 0 && (
        <Alert type="error" showIcon data-testid="local-problems" message={t('messages.problems')} description={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{local.map((k) => <li key={k}>{t(`local.${k}`)}</li>)}</ul>} />
      )}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="problems"
          message={t('messages.problems')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.map((p, i) => (
                <li key={i} data-code={p.code}>
                  {p.message}
                  {p.dateOrder && <Typography.Text type="secondary"> · {labels.day(p.dateOrder)} {mealName(p.mealTimeId)}</Typography.Text>}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {existing && (
        <Alert
          type="warning"
          showIcon
          data-testid="existing-order"
          message={t('messages.alreadyOrdered')}
          action={
            <Button size="small" onClick={() => setDetails(existing)} data-testid="existing-open">
              {t('form.viewOrder')}
            </Button>
          }
        />
      )}
      <Space>
        <Button onClick={() => runCheck()} loading={check.isPending && !submit.isPending} data-testid="order-check">
          {t('form.check')}
        </Button>
        <Button type="primary" onClick={doSubmit} loading={submit.isPending} disabled={check.isPending} data-testid="order-submit">
          {t('form.submit')}
        </Button>
      </Space>
      <AlternativeNoteModal
        pending={s.pending}
        replace={{ branchCode, hnId: row.hnId, dateOrder: menuDate, mealTimeId: menuMeal, ...(caregiver ? { caregiver: care } : {}) }}
        labels={labels}
        onNote={(note) => dispatch({ type: 'note', note })}
        onReplace={(offer) => dispatch({ type: 'replace', with: offer })}
        onCancel={() => dispatch({ type: 'dropPending' })}
      />
      <OrderDetailsDrawer orderId={details} onClose={() => setDetails(null)} />
    </Space>
  );
}
