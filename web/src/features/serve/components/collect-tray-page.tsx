import { Alert, App, Button, Descriptions, Segmented, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/serve/i18n';
import { useCollect, useCollectTray, useUncollected, type CollectOrder, type CollectTray, type TrayRef } from '@/features/serve/api/collect';
import { useWards } from '@/lib/api/get-wards';
import { ScanField } from '@/features/serve/components/scan-field';
import { deviceId } from '@/features/serve/feedback';
import { EATEN, itemsDiffering, type Eaten } from '@/features/serve/intake';
import { useNames } from '@/features/serve/use-names';
import { isCardToken, isSurveyLink } from '@/features/serve/verdict';
import { ScreenFrame } from '@/components/screen-frame';
import { ButtonLink } from '@/components/button-link';
import { isApiError } from '@/lib/api-client';
import { placeOptions, placeSearch } from '@/lib/place-options';

/**
 * CollectTray (Serve, /auth/serve/collect; issue 27 §3): when a tray comes back, scan its card
 * again and tap how much was eaten — none, ¼, ½, ¾, all — or, per dish, each item's. Trays
 * not scanned are recorded from the list of served trays not collected (a ward and a meal).
 */
export default function CollectTrayPage() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const names = useNames();
  const [tab, setTab] = useState<'scan' | 'list'>('scan');
  const [ref, setRef] = useState<TrayRef | null>(null);
  const [tray, setTray] = useState<CollectTray | null>(null);
  const [refused, setRefused] = useState<'surveyScanned' | 'notCard' | null>(null);
  const [done, setDone] = useState<{ eaten: Eaten; corrected: boolean } | null>(null);
  const [perDish, setPerDish] = useState(false);
  const read = useCollectTray();
  const save = useCollect();
  const page = useRef<HTMLDivElement>(null);

  const restart = () => {
    setRef(null);
    setTray(null);
    setDone(null);
    setPerDish(false);
    setRefused(null);
  };

  const open = useCallback(
    (r: TrayRef) => {
      setRef(r);
      setDone(null);
      setPerDish(false);
      read.mutate(
        { branchCode: names.branch, ref: r },
        {
          onSuccess: setTray,
          onError: (e) => {
            setRef(null);
            if (isApiError(e) && !e.handled) message.error(e.message);
          },
        },
      );
    },
    [read, names.branch, message],
  );

  // the card only (its seal is checked by the server)
  const onCard = useCallback(
    (token: string) => {
      const why = isSurveyLink(token) ? 'surveyScanned' : isCardToken(token) ? null : 'notCard';
      setRefused(why);
      if (!why) open({ token });
    },
    [open],
  );

  const record = (eaten: Eaten, items?: { position: number; eaten: Eaten }[]) => {
    if (!ref) return;
    save.mutate(
      { branchCode: names.branch, ref, eaten, items, deviceId: deviceId() },
      {
        onSuccess: (out) => {
          setTray(out);
          setPerDish(false);
          setDone({ eaten, corrected: out.corrected });
        },
        onError: (e) => {
          if (isApiError(e) && !e.handled) message.error(e.message);
        },
      },
    );
  };

  const served = tray?.order.status === 'SERVED';
  // the keyboard's focus on what comes next, never left on the body when what held it goes
  // (issue 29): a tray opened, its question (the amounts follow it; not an amount itself, which
  // a scanner's trailing Enter would record) or, not served, "scan another"; per dish, its
  // first question; once recorded, "next tray"
  const phase = done ? 'done' : !tray ? 'scan' : !served ? 'notServed' : perDish ? 'perDish' : 'question';
  useEffect(() => {
    if (phase !== 'scan' && !save.isPending) page.current?.querySelector<HTMLElement>('[data-next-action]')?.focus();
  }, [phase, save.isPending]);

  return (
    <ScreenFrame title={t('collect.title')} subtitle={t('collect.subtitle')} testId="collect-tray-page">
      <div style={{ maxWidth: 560 }} ref={page}>
        {!tray ? (
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as 'scan' | 'list')}
            items={[
              {
                key: 'scan',
                label: t('collect.tabScan'),
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    {refused && <Alert type="warning" showIcon message={t(`confirm.${refused}`)} data-testid="collect-refused" />}
                    <ScanField key="card" label={t('collect.cardLabel')} hint={t('collect.cardHint')} testId="collect-card" onScan={onCard} />
                  </Space>
                ),
              },
              { key: 'list', label: t('collect.tabList'), children: tab === 'list' && <NotCollected onOpen={(orderId) => open({ orderId })} /> },
            ]}
          />
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <TrayBrief order={tray.order} />
            {!served && <Alert type="error" showIcon message={t('collect.notServed')} data-testid="collect-not-served" />}
            {served && tray.intake && !done && (
              <Alert
                type="info"
                showIcon
                data-testid="collect-recorded"
                message={t('collect.recordedBefore', { eaten: t(`collect.eaten.${tray.intake.eaten}`), by: tray.intake.recordedBy })}
              />
            )}
            {done ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Title level={4} role="status" data-testid="collect-done" style={{ margin: 0 }}>
                  {t(done.corrected ? 'collect.corrected' : 'collect.recorded', { eaten: t(`collect.eaten.${done.eaten}`) })}
                </Typography.Title>
                <Button data-next-action type="primary" size="large" block onClick={restart} data-testid="collect-next">
                  {t('collect.next')}
                </Button>
                <Button block onClick={() => setDone(null)} data-testid="collect-change">
                  {t('collect.change')}
                </Button>
              </Space>
            ) : (
              served &&
              (perDish ? (
                <PerDish tray={tray} saving={save.isPending} onSave={record} onCancel={() => setPerDish(false)} />
              ) : (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Title level={4} id="collect-question" tabIndex={-1} data-next-action style={{ margin: 0 }}>
                    {t('collect.question')}
                  </Typography.Title>
                  <div role="group" aria-labelledby="collect-question" style={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 6 }}>
                    {EATEN.map((e) => (
                      <Button
                        key={e}
                        size="large"
                        type={tray.intake?.eaten === e ? 'primary' : 'default'}
                        aria-pressed={tray.intake?.eaten === e}
                        style={{ height: 64, fontSize: 18, paddingInline: 4, whiteSpace: 'normal' }}
                        disabled={save.isPending}
                        onClick={() => record(e)}
                        data-testid={`eaten-${e}`}
                      >
                        {t(`collect.eaten.${e}`)}
                      </Button>
                    ))}
                  </div>
                  {tray.order.items.length > 0 && (
                    <Button type="link" onClick={() => setPerDish(true)} data-testid="collect-per-dish" style={{ paddingInline: 0 }}>
                      {t('collect.perDish')}
                    </Button>
                  )}
                </Space>
              ))
            )}
            {!done && (
              <Button block onClick={restart} data-next-action={served ? undefined : true} data-testid="collect-restart">
                {t('collect.restart')}
              </Button>
            )}
          </Space>
        )}
        <ButtonLink to="/auth/serve" block style={{ marginTop: 12 }} data-testid="collect-back">
          {t('confirm.back')}
        </ButtonLink>
      </div>
    </ScreenFrame>
  );
}

/** The tray's patient, bed, meal and dishes. */
function TrayBrief({ order }: { order: CollectOrder }) {
  const { t } = useTranslation(NS);
  const names = useNames();
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('confirm.patient')}>
        <span data-testid="collect-patient">
          {order.hnId} · {names.name(order)}
        </span>
        <div>{names.wardBed(order)}</div>
      </Descriptions.Item>
      <Descriptions.Item label={t('confirm.meal')}>
        <Tag color={order.mealType.mealColor} style={{ color: order.mealType.textColor }}>
          {names.ref(order.mealType)}
        </Tag>
        {names.day(order.dateOrder)}
      </Descriptions.Item>
      <Descriptions.Item label={t('confirm.dishes')}>
        {order.description}
        {order.items.map((i) => (
          <div key={i.position}>{names.ref(i)}</div>
        ))}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Per dish: the whole tray's amount and each item's (an item left as the tray's is not sent apart). */
function PerDish({ tray, saving, onSave, onCancel }: { tray: CollectTray; saving: boolean; onSave: (e: Eaten, items: { position: number; eaten: Eaten }[]) => void; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const names = useNames();
  const [whole, setWhole] = useState<Eaten>(tray.intake?.eaten ?? 'ALL');
  const [items, setItems] = useState<Record<number, Eaten>>(() =>
    Object.fromEntries(tray.order.items.map((i) => [i.position, tray.intake?.items.find((x) => x.position === i.position)?.eaten ?? tray.intake?.eaten ?? 'ALL'])),
  );
  const options = EATEN.map((e) => ({ value: e, label: t(`collect.eaten.${e}`) }));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="collect-dishes">
      <Typography.Title level={5} tabIndex={-1} data-next-action style={{ margin: 0 }}>
        {t('collect.wholeTray')}
      </Typography.Title>
      <Segmented block aria-label={t('collect.wholeTray')} value={whole} onChange={(v) => setWhole(v as Eaten)} options={options} />
      {tray.order.items.map((i) => (
        <div key={i.position}>
          <Typography.Text>{names.ref(i)}</Typography.Text>
          <Segmented
            block
            aria-label={t('collect.dishEaten', { dish: names.ref(i) })}
            value={items[i.position]}
            onChange={(v) => setItems((x) => ({ ...x, [i.position]: v as Eaten }))}
            options={options}
            data-testid={`dish-${i.position}`}
          />
        </div>
      ))}
      <Button type="primary" size="large" block loading={saving} onClick={() => onSave(whole, itemsDiffering(whole, items))} data-testid="collect-dishes-save">
        {t('collect.save')}
      </Button>
      <Button block onClick={onCancel}>
        {t('collect.cancel')}
      </Button>
    </Space>
  );
}

/** The served trays not collected, of a ward and a meal: tap one to record it without scanning. */
function NotCollected({ onOpen }: { onOpen: (orderId: string) => void }) {
  const { t } = useTranslation(NS);
  const names = useNames();
  const [ward, setWard] = useState('All');
  const [meal, setMeal] = useState('All');
  const wards = useWards(names.branch);
  const list = useUncollected(names.branch, ward, meal);
  const items = list.data?.items ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label={t('list.wardFilter')}
          value={ward}
          onChange={setWard}
          style={{ minWidth: 160 }}
          {...placeSearch}
          data-testid="collect-ward"
          options={[{ value: 'All', label: t('list.allWards') }, ...placeOptions(wards.data, names.lang, (w) => String(w.id))]}
        />
        <Select
          aria-label={t('list.mealFilter')}
          value={meal}
          onChange={setMeal}
          style={{ minWidth: 140 }}
          data-testid="collect-meal"
          options={[{ value: 'All', label: t('list.allMeals') }, ...(list.data?.mealTypes ?? []).map((m) => ({ value: String(m.id), label: names.ref(m) }))]}
        />
      </Space>
      {!list.isFetching && items.length === 0 && <Typography.Text type="secondary">{t('collect.noneLeft')}</Typography.Text>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="collect-list" aria-label={t('collect.tabList')}>
        {items.map((o) => (
          <li key={o.orderId} style={{ marginBottom: 8 }}>
            <Button block style={{ height: 'auto', textAlign: 'start', whiteSpace: 'normal', padding: 8 }} onClick={() => onOpen(o.orderId)} data-testid="collect-list-tray">
              <div style={{ fontWeight: 600 }}>{names.name(o)}</div>
              <div>
                {o.hnId} · {names.wardBed(o)} · {names.ref(o.mealType)}
              </div>
            </Button>
          </li>
        ))}
      </ul>
    </Space>
  );
}
