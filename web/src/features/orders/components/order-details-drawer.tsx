import { Alert, App, Button, Checkbox, Descriptions, Drawer, Form, Input, QRCode, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NS } from '@/features/orders/i18n';
import { AllergyTags } from '@/components/allergy-tags';
import { useReviewReasonLabel } from '@/lib/review-reasons';
import { useCancelOrder } from '@/features/orders/api/cancel-order';
import { useConfirmReview } from '@/features/orders/api/confirm-review';
import { useOrderDetails } from '@/features/orders/api/get-order-details';
import { useQr } from '@/features/orders/api/get-qr';
import { errorText, freeTextRules, problemsOf, reviewNotes } from '@/features/orders/answers';
import { formPath, formState } from '@/features/orders/paths';
import { ConflictTags, FreeTextAck, MealBadge, useOrderLabels } from '@/features/orders/components/parts';
import { CANCEL_REASONS, DETAIL_FIELDS, type CancelReason, type Problem } from '@/features/orders/types';

type Props = { orderId: string | null; onClose: () => void };

/** An order's details: what was ordered, its status, the conflicts it was accepted with, Cancel (with a reason) and Confirm review. */
export function OrderDetailsDrawer({ orderId, onClose }: Props) {
  const { t } = useTranslation(NS);
  const reviewReason = useReviewReasonLabel();
  const { notification } = App.useApp();
  const labels = useOrderLabels();
  const navigate = useNavigate();
  const location = useLocation();
  const order = useOrderDetails(labels.branch, orderId);
  const cancel = useCancelOrder();
  const review = useConfirmReview();
  const [form] = Form.useForm<{ cancelReason: CancelReason; remark: string }>();
  const [cancelling, setCancelling] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [unmappedChecked, setUnmappedChecked] = useState(false);
  const [freeTextAck, setFreeTextAck] = useState(false);
  // a review refused for an item's new conflict: the alternative for each such item (keyed m:id / s:id)
  const [notes, setNotes] = useState<Record<string, string>>({});
  const o = order.data;
  const live = o && o.status !== 'CANCELLED';
  const qr = useQr(labels.branch, orderId, !!live && o?.orderType === 'ORD');

  useEffect(() => {
    setCancelling(false);
    setProblems([]);
    setUnmappedChecked(false);
    setFreeTextAck(false);
    setNotes({});
    form.resetFields();
  }, [orderId, form]);

  const failed = (e: unknown) => {
    const list = problemsOf(e);
    if (list.length > 0) setProblems(list);
    else {
      const msg = errorText(e, t('messages.failed'));
      if (msg) notification.error({ message: msg });
    }
  };

  const doCancel = (v: { cancelReason: CancelReason; remark: string }) =>
    cancel.mutate(
      { branchCode: labels.branch, orderId: orderId ?? '', cancelReason: v.cancelReason, remark: v.remark?.trim() || undefined },
      {
        onSuccess: () => {
          notification.success({ message: t('messages.cancelled') });
          setCancelling(false);
        },
        onError: failed,
      },
    );

  const doReview = () =>
    review.mutate(
      {
        branchCode: labels.branch,
        orderId: orderId ?? '',
        unmappedAllergiesChecked: unmappedChecked || undefined,
        freeTextAcknowledged: freeTextAck || undefined,
        items: noted.length > 0 ? noted.map((n) => ({ ...n.item, alternativeNote: (notes[n.key] ?? '').trim() })) : undefined,
      },
      {
        onSuccess: () => {
          notification.success({ message: t('messages.reviewed') });
          setProblems([]);
        },
        onError: failed,
      },
    );

  const noted = reviewNotes(problems);
  const p = o?.patient;
  // the conflicts the order was accepted with: its items'
  const accepted = (o?.items ?? []).flatMap((it) => it.conflicts ?? []);
  const hn = p?.hnId ?? o?.hnId ?? '';
  const unmapped = (p?.unmappedAllergies ?? []).length > 0;

  return (
    <Drawer open={orderId !== null} onClose={onClose} width={560} title={t('details.title')} destroyOnHidden data-testid="order-details">
      {!o ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {o.needsReview && (
            <Alert
              type="error"
              showIcon
              data-testid="review-alert"
              message={t('review.title')}
              description={(o.reviewReasons ?? []).map(reviewReason).join(', ')}
            />
          )}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('columns.hnId')}>{hn}</Descriptions.Item>
            {p && <Descriptions.Item label={t('columns.name')}>{labels.name(p)}</Descriptions.Item>}
            {p && <Descriptions.Item label={t('columns.allergens')}><AllergyTags allergens={p.allergens} unmapped={p.unmappedAllergies} name={labels.ref} /></Descriptions.Item>}
            <Descriptions.Item label={t('form.date')}>{labels.day(o.dateOrder)}</Descriptions.Item>
            <Descriptions.Item label={t('form.mealType')}>
              {o.mealType ? (
                <Space>
                  <MealBadge meal={o.mealType} />
                  {labels.ref(o.mealType)}
                </Space>
              ) : (
                o.mealTimeId
              )}
            </Descriptions.Item>
            {o.caregiver && <Descriptions.Item label={t('details.for')}>{t('list.caregiverOrder')}</Descriptions.Item>}
            <Descriptions.Item label={t('form.orderType')}>{t(`orderType.${o.orderType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('details.status')}>
              <Tag data-testid="details-status" color={o.status === 'CANCELLED' ? 'default' : o.status === 'WAITING' ? 'blue' : 'orange'}>
                {t(`status.${o.status}`)}
              </Tag>
            </Descriptions.Item>
            {DETAIL_FIELDS.map(({ key, coded }) => {
              const v = o[key];
              return v == null || v === '' ? null : (
                <Descriptions.Item key={key} label={t(`field.${key}`)}>
                  {coded ? t(`${key}.${v}`) : v}
                </Descriptions.Item>
              );
            })}
            {(o.items ?? []).length > 0 && (
              <Descriptions.Item label={t('details.items')}>
                <Space direction="vertical" size={2} data-testid="details-items">
                  {(o.items ?? []).map((it, i) => (
                    <span key={i}>
                      {labels.ref(it)}
                      {it.alternativeNote && <Typography.Text type="warning"> · {t('details.note')}: {it.alternativeNote}</Typography.Text>}
                    </span>
                  ))}
                </Space>
              </Descriptions.Item>
            )}
            {o.description && <Descriptions.Item label={t('form.description')}>{o.description}</Descriptions.Item>}
            {accepted.length > 0 && (
              <Descriptions.Item label={t('details.conflicts')}>
                <ConflictTags conflicts={accepted} />
              </Descriptions.Item>
            )}
            {o.remark && <Descriptions.Item label={t('form.remark')}>{o.remark}</Descriptions.Item>}
            <Descriptions.Item label={t('details.orderedBy')}>
              {o.orderedBy} · {labels.dateTime(o.orderedAt)}
            </Descriptions.Item>
            {o.cancelReason && (
              <Descriptions.Item label={t('details.cancelled')}>
                {t(`cancelReason.${o.cancelReason}`)} · {o.cancelledBy} · {labels.dateTime(o.cancelledAt)}
              </Descriptions.Item>
            )}
          </Descriptions>
          {qr.data?.token && (
            <Space direction="vertical" align="center" style={{ width: '100%' }}>
              <QRCode value={qr.data.token} size={140} aria-label={t('details.qr')} data-testid="order-qr" />
              <Typography.Text type="secondary">{t('details.qr')}</Typography.Text>
            </Space>
          )}
          {problems.length > 0 && (
            <Alert type="error" showIcon data-testid="details-problems" message={t('messages.problems')} description={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{problems.map((x, i) => <li key={i}>{x.message}</li>)}</ul>} />
          )}
          {live && o.needsReview && (
            <Space direction="vertical" style={{ width: '100%' }}>
              {noted.map((n) => (
                <Space key={n.key} direction="vertical" size={2} style={{ width: '100%' }}>
                  <Typography.Text>{t('review.noteFor', { name: labels.ref(o.items?.find((it) => (it.menuId ?? undefined) === n.item.menuId && (it.menuSetId ?? undefined) === n.item.menuSetId)) || n.key })}</Typography.Text>
                  <Input.TextArea
                    rows={2}
                    maxLength={500}
                    value={notes[n.key] ?? ''}
                    onChange={(e) => setNotes((x) => ({ ...x, [n.key]: e.target.value }))}
                    data-testid="review-note"
                  />
                </Space>
              ))}
              <FreeTextAck rules={freeTextRules(problems)} checked={freeTextAck} onChange={setFreeTextAck} testId="review-free-text" />
              {unmapped && (
                <Checkbox checked={unmappedChecked} onChange={(e) => setUnmappedChecked(e.target.checked)} data-testid="review-unmapped">
                  {t('form.unmappedConfirm')}
                </Checkbox>
              )}
              <Button
                type="primary"
                onClick={doReview}
                loading={review.isPending}
                disabled={noted.some((n) => (notes[n.key] ?? '').trim() === '')}
                data-testid="review-confirm"
              >
                {noted.length > 0 ? t('review.confirmWithNotes') : t('review.confirm')}
              </Button>
            </Space>
          )}
          {live && !cancelling && (
            <Button danger onClick={() => setCancelling(true)} data-testid="cancel-open">
              {t('cancel.button')}
            </Button>
          )}
          {live && cancelling && (
            <Form form={form} layout="vertical" onFinish={doCancel} name="cancel-order" data-testid="cancel-form">
              <Form.Item name="cancelReason" label={t('cancel.reason')} rules={[{ required: true, message: t('cancel.reasonRequired') }]}>
                <Radio.Group data-testid="cancel-reason" options={CANCEL_REASONS.map((r) => ({ value: r, label: t(`cancelReason.${r}`) }))} />
              </Form.Item>
              <Form.Item name="remark" label={t('form.remark')} rules={[{ max: 500, message: t('form.tooLong', { max: 500 }) }]}>
                <Input.TextArea rows={2} data-testid="cancel-remark" />
              </Form.Item>
              <Space>
                <Button onClick={() => setCancelling(false)}>{t('common.back')}</Button>
                <Button danger type="primary" htmlType="submit" loading={cancel.isPending} data-testid="cancel-confirm">
                  {t('cancel.confirm')}
                </Button>
              </Space>
            </Form>
          )}
          {!live && hn && (
            <Button
              type="primary"
              onClick={() => {
                onClose();
                navigate(formPath({ hn, date: o.dateOrder, meal: o.mealTimeId, caregiver: o.caregiver }), { state: formState(location) });
              }}
              data-testid="order-again"
            >
              {t('details.orderAgain')}
            </Button>
          )}
        </Space>
      )}
    </Drawer>
  );
}
