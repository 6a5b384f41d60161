import { Alert, App, Button, Descriptions, Form, Grid, Input, Space, Steps, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilled, CloseCircleFilled } from '@/components/icons';
import { NS } from '@/features/serve/i18n';
import { useVerifyTray } from '@/features/serve/api/verify';
import { useUpdateServe } from '@/features/serve/api/update-serve';
import { ScanField } from '@/features/serve/components/scan-field';
import { deviceId, signal } from '@/features/serve/feedback';
import { useNames } from '@/features/serve/use-names';
import type { Scan, Verdict } from '@/features/serve/types';
import { isCardToken, isSurveyLink, noMatchKind } from '@/features/serve/verdict';
import { ScreenFrame } from '@/components/screen-frame';
import { ButtonLink } from '@/components/button-link';
import { isApiError } from '@/lib/api-client';
import { useReviewReasonLabel } from '@/lib/review-reasons';

const PRESETS = ['presetWrongPatient', 'presetNpo', 'presetAbsent', 'presetDiet'] as const;

/**
 * ConfirmServe (Serve, /auth/serve/confirm): step 1 scan the meal card, step 2 the
 * wristband, step 3 the result (MATCH / NO MATCH with the reasons), step 4 confirm served or
 * reject with a reason. A tray that does not match can only be rejected.
 */
export default function ConfirmServePage() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const names = useNames();
  const reviewReason = useReviewReasonLabel();
  // a phone: the compact stepper, so that the page fits 390 px
  const wide = Grid.useBreakpoint().sm ?? true;
  // what step 1 refused, said at once, still at step 1: the card's survey QR, or no card code at all
  const [refused, setRefused] = useState<'surveyScanned' | 'notCard' | null>(null);
  const [scan, setScan] = useState<Scan>({ token: '', wristband: '' });
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [requestId, setRequestId] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [form] = Form.useForm<{ rejectReason: string }>();
  const verify = useVerifyTray();
  const update = useUpdateServe();

  const step = done ? 3 : verdict ? 2 : scan.token ? 1 : 0;

  // the keyboard's focus on what comes next after each result, never left on the body (issue
  // 29): a match's "served", a refusal's "reject"; once recorded, "next tray"
  const page = useRef<HTMLDivElement>(null);
  const phase = done ? 'done' : rejecting ? 'rejecting' : verdict ? `verdict:${requestId}` : 'scan';
  const settled = !verify.isPending && !update.isPending;
  useEffect(() => {
    if (settled && (phase === 'done' || phase.startsWith('verdict:'))) page.current?.querySelector<HTMLElement>('[data-next-action]')?.focus();
  }, [phase, settled]);
  const headline = !verdict || verdict.match ? 'match' : ({ wrong: 'noMatch', unverified: 'cannotCheck', hold: 'cannotServe' } as const)[noMatchKind(verdict.reasons)];

  const restart = () => {
    setScan({ token: '', wristband: '' });
    setVerdict(null);
    setRejecting(false);
    setDone(null);
    setRefused(null);
    form.resetFields();
  };

  // step 1 takes only what has a card token's shape (its seal is checked at verify)
  const onCard = useCallback((token: string) => {
    const why = isSurveyLink(token) ? 'surveyScanned' : isCardToken(token) ? null : 'notCard';
    setRefused(why);
    if (!why) setScan({ token, wristband: '' });
  }, []);
  const onWristband = useCallback(
    (wristband: string, symbology: string) => {
      const next = { ...scan, wristband, symbology: symbology || undefined };
      setScan(next);
      verify.mutate(
        { ...next, branchCode: names.branch, deviceId: deviceId() },
        {
          onSuccess: (v) => {
            setVerdict(v);
            setRequestId(crypto.randomUUID());
            signal(v.match);
          },
        },
      );
    },
    [scan, verify, names.branch],
  );

  const record = (action: 'SERVED' | 'REJECTED', rejectReason?: string) =>
    update.mutate(
      { ...scan, branchCode: names.branch, action, rejectReason, deviceId: deviceId(), requestId },
      {
        onSuccess: () => setDone(action === 'SERVED' ? t('confirm.served') : t('confirm.rejected')),
        onError: (e) => {
          if (isApiError(e) && !e.handled) message.error(e.message);
          const v = isApiError(e) ? (e.data as { verdict?: Verdict } | null)?.verdict : undefined;
          if (v) setVerdict(v);
        },
      },
    );

  return (
    <ScreenFrame title={t('confirm.title')} subtitle={t('confirm.subtitle')} testId="confirm-serve-page">
      <div className="serve-confirm" style={{ maxWidth: 560 }} ref={page}>
        <Steps
          size="small"
          type={wide ? 'default' : 'inline'}
          direction="horizontal"
          labelPlacement="vertical"
          responsive={false}
          current={step}
          items={[{ title: t('confirm.stepCard') }, { title: t('confirm.stepWristband') }, { title: t('confirm.stepResult') }, { title: t('confirm.stepDone') }]}
          style={{ marginBottom: 16 }}
        />
        {step === 0 && refused && (
          <Alert type="warning" showIcon message={t(`confirm.${refused}`)}
            data-testid={refused === 'surveyScanned' ? 'scan-survey-link' : 'scan-not-card'} style={{ marginBottom: 12 }} />
        )}
        {step === 0 && <ScanField key="card" label={t('confirm.cardLabel')} hint={t('confirm.cardHint')} testId="scan-card" onScan={onCard} />}
        {step === 1 && (
          <ScanField key="wristband" label={t('confirm.wristbandLabel')} hint={t('confirm.wristbandHint')} testId="scan-wristband" onScan={onWristband} />
        )}
        {verdict && (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <div
              className={verdict.match ? 'serve-result serve-match' : 'serve-result serve-no-match'}
              role="status"
              data-testid="serve-result"
              data-match={verdict.match ? 'true' : 'false'}
              data-kind={verdict.match ? 'match' : noMatchKind(verdict.reasons)}
              style={{
                // white on them 5.0:1 and 4.8:1 (#16a34a was 3.3:1 under the 16 px line, issue 29)
                background: verdict.match ? '#15803d' : '#dc2626', color: '#fff', borderRadius: 12, padding: '20px 16px', textAlign: 'center',
              }}
            >
              <div style={{ fontSize: 48, lineHeight: 1 }}>{verdict.match ? <CheckCircleFilled /> : <CloseCircleFilled />}</div>
              <div style={{ fontSize: 32, fontWeight: 700, lineHeight: 1.2 }}>{t(`confirm.${headline}`)}</div>
              <div style={{ fontSize: 16 }}>{t(`confirm.${headline}Text`)}</div>
            </div>
            {verdict.reasons.length > 0 && (
              <ul className="serve-reasons" data-testid="serve-reasons" style={{ margin: 0, paddingInlineStart: 20 }}>
                {verdict.reasons.map((r) => (
                  <li key={r.code} data-code={r.code}>
                    <Typography.Text strong type="danger">
                      {r.message}
                    </Typography.Text>
                    {r.detail && <div style={{ color: '#5b6b6a' }}>{r.detail}</div>}
                    {(r.reviewReasons ?? []).length > 0 && (
                      <div data-testid="serve-review-reasons">
                        {(r.reviewReasons ?? []).map((code) => <Tag key={code} color="orange">{reviewReason(code)}</Tag>)}
                      </div>
                    )}
                    <div data-testid="serve-next-step">
                      <Typography.Text strong>{t('confirm.nextStepTitle')}: </Typography.Text>
                      {t(`confirm.nextStep.${r.code}`)}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {verdict.patient && (
              <Descriptions size="small" column={1} bordered>
                <Descriptions.Item label={t('confirm.patient')}>
                  <span data-testid="serve-patient">
                    {verdict.patient.hnId} · {names.name(verdict.patient)}
                  </span>
                  <div data-testid="serve-ward">{names.wardBed(verdict.patient)}</div>
                </Descriptions.Item>
                {verdict.order && (
                  <Descriptions.Item label={t('confirm.meal')}>
                    <Tag color={verdict.order.mealType.mealColor} style={{ color: verdict.order.mealType.textColor }}>
                      {names.ref(verdict.order.mealType)}
                    </Tag>
                    <span data-testid="serve-date">{names.day(verdict.order.dateOrder)}</span>
                  </Descriptions.Item>
                )}
                {verdict.order && (
                  <Descriptions.Item label={t('confirm.dishes')}>
                    {verdict.order.description}
                    {verdict.order.items.map((i) => (
                      <div key={i.code}>
                        {names.ref({ ...i, code: i.code })}
                        {i.alternativeNote && <Typography.Text type="secondary"> ({i.alternativeNote})</Typography.Text>}
                      </div>
                    ))}
                  </Descriptions.Item>
                )}
              </Descriptions>
            )}
            {done ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Title level={4} data-testid="serve-done" style={{ margin: 0 }}>
                  {done}
                </Typography.Title>
                <Button data-next-action type="primary" size="large" block onClick={restart} data-testid="serve-next">
                  {t('confirm.next')}
                </Button>
                <ButtonLink to="/auth/serve" block data-testid="serve-back">
                  {t('confirm.back')}
                </ButtonLink>
              </Space>
            ) : rejecting ? (
              <Form form={form} layout="vertical" onFinish={(v) => record('REJECTED', v.rejectReason.trim())}>
                <Form.Item
                  name="rejectReason"
                  label={t('confirm.rejectReason')}
                  rules={[{ required: true, whitespace: true, message: t('confirm.rejectReasonRequired') }, { max: 500 }]}
                >
                  <Input.TextArea rows={2} maxLength={500} autoFocus data-testid="reject-reason" />
                </Form.Item>
                <Space wrap style={{ marginBottom: 12 }}>
                  {PRESETS.map((p) => (
                    <Button key={p} size="small" onClick={() => form.setFieldValue('rejectReason', t(`confirm.${p}`))}>
                      {t(`confirm.${p}`)}
                    </Button>
                  ))}
                </Space>
                <Button danger type="primary" size="large" block htmlType="submit" loading={update.isPending} data-testid="reject-submit">
                  {t('confirm.reject')}
                </Button>
              </Form>
            ) : (
              <Space direction="vertical" style={{ width: '100%' }}>
                {verdict.match && (
                  <Button data-next-action type="primary" size="large" block onClick={() => record('SERVED')} loading={update.isPending} data-testid="serve-confirm">
                    {t('confirm.serve')}
                  </Button>
                )}
                <Button data-next-action={verdict.match ? undefined : true} danger size="large" block onClick={() => setRejecting(true)} data-testid="serve-reject">
                  {t('confirm.reject')}
                </Button>
                <Button block onClick={restart} data-testid="serve-restart">
                  {t('confirm.restart')}
                </Button>
              </Space>
            )}
          </Space>
        )}
      </div>
    </ScreenFrame>
  );
}
