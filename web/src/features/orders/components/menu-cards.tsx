import { Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CheckCircleFilled, StopOutlined } from '@/components/icons';
import { NS } from '@/features/orders/i18n';
import { ConflictTags, IddsiTag, type OrderLabels } from '@/features/orders/components/parts';
import { isBlocked, type Chosen } from '@/features/orders/draft';
import type { Dish, MenuOffer, SetOffer } from '@/features/orders/types';

type CardProps = {
  title: string;
  testId: string;
  chosen?: Chosen;
  blocked: boolean;
  onClick: () => void;
  children: React.ReactNode;
};

function OfferCard({ title, testId, chosen, blocked, onClick, children }: CardProps) {
  const { t } = useTranslation(NS);
  return (
    <Card
      size="small"
      hoverable={!blocked}
      onClick={onClick}
      // picked by keyboard too (issue 29): a toggle button, Enter or Space
      role="button"
      tabIndex={0}
      aria-pressed={chosen ? true : false}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
        e.preventDefault();
        onClick();
      }}
      className="offer-card"
      data-testid={testId}
      data-chosen={chosen ? 'true' : undefined}
      data-blocked={blocked ? 'true' : undefined}
      // not aria-disabled: a blocked card still answers, saying why it cannot be chosen
      style={{
        cursor: blocked ? 'not-allowed' : 'pointer',
        opacity: blocked ? 0.55 : 1,
        borderColor: chosen ? '#13a89e' : undefined,
        borderWidth: chosen ? 2 : 1,
        height: '100%',
      }}
      title={
        <Space size={6}>
          {chosen && <CheckCircleFilled style={{ color: '#13a89e' }} />}
          {blocked && <StopOutlined style={{ color: '#8c8c8c' }} />}
          <span style={{ whiteSpace: 'normal' }}>{title}</span>
        </Space>
      }
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        {children}
        {blocked && <Typography.Text type="secondary">{t('menu.blocked')}</Typography.Text>}
        {chosen?.note && (
          <Typography.Text type="warning" data-testid="chosen-note">
            {t('details.note')}: {chosen.note}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

function DishFacts({ d, labels }: { d: Dish; labels: OrderLabels }) {
  return (
    <Space size={[4, 4]} wrap>
      {d.iddsiType && d.iddsiLevel !== undefined && <IddsiTag type={d.iddsiType} level={d.iddsiLevel} />}
      {(d.allergens ?? []).map((a) => (
        <Tag key={a.id} style={{ marginInlineEnd: 0 }}>
          {labels.ref(a)}
        </Tag>
      ))}
    </Space>
  );
}

type ListProps<O> = { offers: O[]; chosen: Chosen[]; labels: OrderLabels; onPick: (o: O) => void };

/** The day's dishes, one group per meal component (at most one dish of each is chosen). */
export function DishCards({ offers, chosen, labels, onPick }: ListProps<MenuOffer>) {
  const { t } = useTranslation(NS);
  if (offers.length === 0) return <Empty description={t('menu.noDish')} data-testid="no-dishes" />;
  // keyed by the component's code, not its name: switching the language keeps the same cards
  // (and the focus a dialog gives back to one, issue 29)
  const groups = new Map<string, { component: string; list: MenuOffer[] }>();
  for (const o of offers) {
    const component = labels.ref({ nameTh: o.menu.mealComponentNameTh, nameEn: o.menu.mealComponentNameEn, code: o.menu.mealComponentCode }) || '—';
    const key = o.menu.mealComponentCode || component;
    groups.set(key, { component, list: [...(groups.get(key)?.list ?? []), o] });
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {[...groups.entries()].map(([key, { component, list }]) => (
        <div key={key}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {component}
          </Typography.Title>
          <Row gutter={[8, 8]}>
            {list.map((o) => (
              <Col key={o.menu.id} xs={24} sm={12} lg={8} xl={6}>
                <OfferCard
                  title={`${o.menu.code} · ${labels.ref(o.menu)}`}
                  testId="dish-card"
                  chosen={chosen.find((c) => c.menuId === o.menu.id)}
                  blocked={o.blocked || isBlocked(o.conflicts)}
                  onClick={() => onPick(o)}
                >
                  <DishFacts d={o.menu} labels={labels} />
                  <ConflictTags conflicts={o.conflicts} />
                </OfferCard>
              </Col>
            ))}
          </Row>
        </div>
      ))}
    </Space>
  );
}

/** The day's menu sets with their dishes (one set is chosen). */
export function SetCards({ offers, chosen, labels, onPick }: ListProps<SetOffer>) {
  const { t } = useTranslation(NS);
  if (offers.length === 0) return <Empty description={t('menu.noSet')} data-testid="no-sets" />;
  return (
    <Row gutter={[8, 8]}>
      {offers.map((o) => (
        <Col key={o.menuSet.id} xs={24} sm={12} lg={8}>
          <OfferCard
            title={`${o.menuSet.code} · ${labels.ref(o.menuSet)}`}
            testId="set-card"
            chosen={chosen.find((c) => c.menuSetId === o.menuSet.id)}
            blocked={o.blocked || isBlocked(o.conflicts)}
            onClick={() => onPick(o)}
          >
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {(o.menuSet.menus ?? []).map((d) => (
                <li key={d.id}>{labels.ref(d)}</li>
              ))}
            </ul>
            <ConflictTags conflicts={o.conflicts} />
          </OfferCard>
        </Col>
      ))}
    </Row>
  );
}
