import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  NOT_INVITED: 'default',
  INVITED: 'gold',
  ACTIVE: 'green',
  INACTIVE: 'red',
};

/** An account status as a coloured tag (SPEC.md §4). */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('users');
  return (
    // a long label (English "Waiting for confirmation") wraps inside its column, never over the next
    <Tag
      color={COLORS[status] ?? 'default'}
      data-testid="status-tag"
      data-status={status}
      style={{ marginInlineEnd: 0, whiteSpace: 'normal', maxWidth: '100%' }}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
