import { Button, Checkbox, Popover, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingOutlined } from '@/components/icons';
import { COLUMN_KEYS, DEFAULT_COLUMNS, FIXED_COLUMNS, type ColumnKey } from '@/features/patients/columns';
import { NS } from '@/features/patients/i18n';

type Props = { shown: readonly ColumnKey[]; onChange: (shown: ColumnKey[]) => void };

/** Which of the §3 columns the list shows (the fixed ones always); the page remembers the choice. */
export function ColumnChooser({ shown, onChange }: Props) {
  const { t } = useTranslation(NS);
  const content = (
    <Space direction="vertical" style={{ maxWidth: 460 }} data-testid="column-chooser">
      <Typography.Text type="secondary">{t('list.columnsHint')}</Typography.Text>
      <Checkbox.Group
        value={[...shown]}
        onChange={(v) => onChange(v as ColumnKey[])}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 4 }}
        options={COLUMN_KEYS.map((k) => ({ value: k, label: t(`columns.${k}`), disabled: FIXED_COLUMNS.includes(k) }))}
      />
      <Button size="small" onClick={() => onChange([...DEFAULT_COLUMNS])} data-testid="columns-reset">
        {t('list.columnsReset')}
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} title={t('list.columns')}>
      <Button icon={<SettingOutlined />} data-testid="columns-open">
        {t('list.columns')}
      </Button>
    </Popover>
  );
}
