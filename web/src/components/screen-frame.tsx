import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

type Props = { title: ReactNode; subtitle?: ReactNode; testId: string; children: ReactNode };

/** A back-office screen: its title (and a line under it), then its content on one card. */
export function ScreenFrame({ title, subtitle, testId, children }: Props) {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid={testId}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      <Card styles={{ body: { paddingBottom: 8 } }}>{children}</Card>
    </Space>
  );
}
