import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CloseCircleFilled, SearchOutlined } from '@/components/icons';
import { NS } from '@/components/texts';

/**
 * An Input.Search's button and clear button named in the interface language: Ant Design's are
 * named by their icons, in English whatever the language ("search", "close-circle"; issue 29).
 * Spread on an Input.Search: `<Input.Search {...useSearchBoxParts()} … />`.
 */
export function useSearchBoxParts() {
  const { t } = useTranslation(NS);
  return {
    allowClear: { clearIcon: <CloseCircleFilled aria-label={t('searchBox.clear')} /> },
    enterButton: <Button icon={<SearchOutlined />} aria-label={t('searchBox.search')} />,
  };
}
