import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MasterDataList } from '@/features/master-data/components/master-data-list';
import { NS } from '@/features/master-data/i18n';
import type { KindType } from '@/features/master-data/kinds';

/**
 * A master-data screen: its title and the list of its kind, or tabs when it keeps several
 * (allergen + restricted, religion + vegetarian, remark + other, wards and beds). The open
 * tab is in the address (`?tab=Restricted`), so a link or a reload keeps it.
 */
export function MasterDataScreen({ title, kinds }: { title: string; kinds: KindType[] }) {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useSearchParams();
  const tab = kinds.includes(search.get('tab') as KindType) ? (search.get('tab') as KindType) : kinds[0];
  return (
    <div data-testid="master-data-screen">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(title)}
      </Typography.Title>
      <Card>
        {kinds.length === 1 ? (
          <MasterDataList type={kinds[0]} />
        ) : (
          <Tabs
            activeKey={tab}
            onChange={(k) => setSearch({ tab: k }, { replace: true })}
            destroyOnHidden
            items={kinds.map((k) => ({ key: k, label: t(`kinds.${k}`), children: <MasterDataList type={k} /> }))}
          />
        )}
      </Card>
    </div>
  );
}
