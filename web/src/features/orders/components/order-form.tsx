import { Alert, App, Button, Form, Result, Skeleton, Space, Typography } from 'antd';
import { useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeftOutlined } from '@/components/icons';
import { ScreenFrame } from '@/components/screen-frame';
import { NS } from '@/features/orders/i18n';
import { useCheckOrder } from '@/features/orders/api/checker-order-taker';
import { useChoices } from '@/features/orders/api/get-choices';
import { useFilterMenu } from '@/features/orders/api/filter-menu';
import { useSearchOrders } from '@/features/orders/api/search-orders';
import { useSubmitOrder } from '@/features/orders/api/submit-order';
import { AlternativeNoteModal } from '@/features/orders/components/alternative-note-modal';
import { DishCards, SetCards } from '@/features/orders/components/menu-cards';
import { OrderDetailsDrawer } from '@/features/orders/components/order-details-drawer';
import { Answers, CaregiverFacts, FreeTextMeal, MenuChoice, OrderExtras, UnmappedConfirm, WhenAndWhat } from '@/features/orders/components/order-form-parts';
import { FreeTextAck, useOrderLabels, type OrderLabels } from '@/features/orders/components/parts';
import { PatientHeader } from '@/features/orders/components/patient-header';
import { TrayNutrition } from '@/features/orders/components/tray-nutrition';
import { endsAttempt, errorText, existingOrder, newKey, problemsOf } from '@/features/orders/answers';
import { draftBody, draftItems, draftPairs, draftReducer, initialDraft, localProblems } from '@/features/orders/draft';
import { listPath, readTarget, type BackState, type FormTarget } from '@/features/orders/paths';
import { NO_CAREGIVER, type Draft, type MealType, type OrderRow } from '@/features/orders/types';

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
    <Link to={target ? listPath(from, target.date) : '/auth/order'} state={target ? ({ hn: target.hn, meal: target.meal, caregiver } satisfies BackState) : undefined} data-testid="form-back">
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

function OrderFormBody({ row, target, caregiver, labels, mealTypes, back }: BodyProps) {
  const { t } = useTranslation(NS);
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { state: from } = useLocation();
  const branchCode = labels.branch;
  const [s, dispatch] = useReducer(draftReducer, undefined, () =>
    initialDraft({
      order: { caregiver, dietTypeId: caregiver ? null : row.dietType?.id ?? null },
      dates: [target.date],
      mealTimeIds: target.meal > 0 ? [target.meal] : mealTypes.slice(0, 1).map((m) => m.id),
    }),
  );
  const [details, setDetails] = useState<string | null>(null);
  const key = useRef(newKey());
  const check = useCheckOrder();
  const submit = useSubmitOrder();
  const therapeutics = useChoices('getTherapeutic', branchCode, caregiver ? {} : { hnId: row.hnId });

  const unmapped = !caregiver && (row.unmappedAllergies ?? []).length > 0;
  const food = s.order.orderType === 'ORD';
  const specific = food && s.order.courseType === 'SPECIFIC';
  // the menu shown is the first chosen date's, for the first chosen meal type (by time)
  const pairs = draftPairs(s, mealTypes);
  const { menuDate, menuMeal } = pairs;
  const care = caregiver ? { caregiver: s.order.caregiverInfo ?? NO_CAREGIVER } : {};
  const menu = useFilterMenu(
    {
      branchCode, hnId: row.hnId, dateOrder: menuDate, mealTimeId: menuMeal, foodScope: s.order.foodScope,
      dietTypeId: s.order.dietTypeId, therapeuticId: s.order.therapeuticId, cuisineTypeId: s.order.cuisineTypeId, mealComponentId: s.mealComponentId,
      ...care,
    },
    food && !specific,
  );

  const mealName = (id?: number) => labels.ref(mealTypes.find((m) => m.id === id));
  const draft = (): Draft => ({
    ...draftBody(s.order, draftItems(s.chosen), {
      branchCode, idempotencyKey: key.current, dates: pairs.dates, mealTimeIds: pairs.mealTimeIds, freeTextAcknowledged: s.freeTextAcknowledged,
    }),
    hnId: row.hnId,
    patientVersion: row.version,
  });

  const runCheck = (then?: () => void) => {
    dispatch({ type: 'asking' });
    const before = localProblems(s, pairs, unmapped);
    if (before.length > 0) {
      dispatch({ type: 'local', keys: before });
      return;
    }
    check.mutate(draft(), {
      onSuccess: (r) => {
        const list = r.problems ?? [];
        dispatch({ type: 'problems', list });
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
          // back to the list as it was left (search, filters, page), the ordered row brought into
          // view and the chip of the meal ordered focused (issue 29)
          navigate(listPath(from, target.date), { state: { hn: target.hn, meal: target.meal, caregiver } satisfies BackState });
        },
        onError: (e) => {
          // an answer (not a lost connection) ends this attempt: the next one is a new request
          if (endsAttempt(e)) key.current = newKey();
          const ex = existingOrder(e);
          const list = problemsOf(e);
          if (ex) dispatch({ type: 'existing', orderId: ex.orderId });
          else if (list.length > 0) dispatch({ type: 'problems', list });
          const msg = errorText(e, '');
          if (msg !== null) notification.error({ message: t('messages.submitFailed'), description: msg || undefined });
        },
      }),
    );

  const orderOf = (m: OrderRow['meals'][number]) => (caregiver ? m.caregiverOrder : m.order);
  const alreadyOrdered = row.meals.filter((m) => s.dates.includes(target.date) && s.mealTimeIds.includes(m.mealTimeId) && orderOf(m) && orderOf(m)!.status !== 'CANCELLED');
  const section = { s, dispatch, labels };

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
            <Button size="small" onClick={() => setDetails(orderOf(alreadyOrdered[0])!.orderId)}>
              {t('form.viewOrder')}
            </Button>
          }
        />
      )}
      <Form layout="vertical" component="div">
        <WhenAndWhat {...section} mealTypes={mealTypes} />
        {caregiver && <CaregiverFacts {...section} />}
        {food && <MenuChoice {...section} hnId={row.hnId} />}
      </Form>
      {s.cleared && <Alert type="info" showIcon closable message={t('form.cleared')} data-testid="choice-cleared" />}
      {s.refused && <Alert type="error" showIcon message={t('menu.refused', { name: labels.ref(s.refused.item) })} data-testid="choice-refused" />}
      {food && !specific && (
        <div data-testid="menu-offers">
          <Typography.Text type="secondary">
            {t('menu.shownFor', { date: menuDate ? labels.day(menuDate) : '—', meal: mealName(menuMeal) || '—' })}
            {(pairs.dates.length > 1 || pairs.mealTimeIds.length > 1) && ` ${t('menu.othersChecked')}`}
          </Typography.Text>
          {menu.isFetching && !menu.data ? (
            <Skeleton active />
          ) : menu.data && !menu.data.covered ? (
            <Alert type="warning" showIcon message={t('menu.notCovered')} data-testid="menu-not-covered" />
          ) : s.order.courseType === 'MENU' ? (
            <DishCards offers={menu.data?.menus ?? []} chosen={s.chosen} labels={labels} onPick={(o) => dispatch({ type: 'pick', offer: o, blocked: o.blocked })} />
          ) : (
            <SetCards offers={menu.data?.sets ?? []} chosen={s.chosen} labels={labels} onPick={(o) => dispatch({ type: 'pick', offer: o, blocked: o.blocked })} />
          )}
        </div>
      )}
      {!caregiver && food && !specific && menuDate && (
        <TrayNutrition
          branchCode={branchCode}
          hnId={row.hnId}
          dateOrder={menuDate}
          mealTimeId={menuMeal ?? 0}
          items={draftItems(s.chosen).map(({ menuId, menuSetId }) => ({ menuId, menuSetId }))}
        />
      )}
      {specific && <FreeTextMeal s={s} dispatch={dispatch} textureFood={row.textureFood} />}
      <OrderExtras {...section} />
      {specific && <FreeTextAck rules={s.ackRules} checked={s.freeTextAcknowledged} onChange={(v) => dispatch({ type: 'freeTextAck', value: v })} />}
      {unmapped && <UnmappedConfirm s={s} dispatch={dispatch} row={row} />}
      <Answers s={s} labels={labels} mealName={mealName} onOpen={setDetails} />
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
        replace={{ branchCode, hnId: row.hnId, dateOrder: menuDate, mealTimeId: menuMeal, ...care }}
        labels={labels}
        onNote={(note) => dispatch({ type: 'note', note })}
        onReplace={(offer) => dispatch({ type: 'replace', with: offer })}
        onCancel={() => dispatch({ type: 'dropPending' })}
      />
      <OrderDetailsDrawer orderId={details} onClose={() => setDetails(null)} />
    </Space>
  );
}
