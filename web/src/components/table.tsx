// Ant Design's Table, the only way into it (ESLint refuses antd's Table elsewhere): its pager's
// previous and next buttons are named in the interface language. Ant Design draws them as
// buttons holding only an arrow icon, so a screen reader said "left" and "right" in Thai too
// (issue 29); the page's title on the list item around them is not the button's name.
import { ConfigProvider, Table as AntTable, type TableProps } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { LeftOutlined, RightOutlined } from '@/components/icons';
import { NS } from '@/components/texts';

/** The pager's previous and next buttons, as Ant Design draws them, with a name. */
function usePagerButtons() {
  const { t } = useTranslation(NS);
  const cls = `${useContext(ConfigProvider.ConfigContext).getPrefixCls('pagination')}-item-link`;
  return {
    prevIcon: (
      <button type="button" className={cls} tabIndex={-1} aria-label={t('pager.prev')}>
        <LeftOutlined />
      </button>
    ),
    nextIcon: (
      <button type="button" className={cls} tabIndex={-1} aria-label={t('pager.next')}>
        <RightOutlined />
      </button>
    ),
  };
}

/** A table (Ant Design's, its pager named); `Table.Summary` as Ant Design's. */
function NamedPagerTable<T extends object>(props: TableProps<T>) {
  const buttons = usePagerButtons();
  // no pagination given: Ant Design's default pager, which this names too
  const pagination = props.pagination === false ? false : { ...buttons, ...props.pagination };
  return <AntTable<T> {...props} pagination={pagination} />;
}

export const Table = Object.assign(NamedPagerTable, { Summary: AntTable.Summary });
