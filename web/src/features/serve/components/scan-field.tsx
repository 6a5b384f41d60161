import { Button, Input, Space, Spin, Typography, type InputRef } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraOutlined } from '@/components/icons';
import { NS } from '@/features/serve/i18n';

const CameraScan = lazy(() => import('@/features/serve/components/camera-scan'));

/**
 * One scan: a focused field a keyboard-wedge scanner types into (its keystrokes end with
 * Enter), or the camera. Answers the text read and, from the camera, its symbology.
 */
export function ScanField({ label, hint, testId, onScan }: { label: string; hint: string; testId: string; onScan: (text: string, symbology: string) => void }) {
  const { t } = useTranslation(NS);
  const [value, setValue] = useState('');
  const [camera, setCamera] = useState(false);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    if (!camera) input.current?.focus();
  }, [camera]);

  const read = useCallback(
    (text: string, symbology: string) => {
      setCamera(false);
      if (text.trim()) onScan(text.trim(), symbology);
    },
    [onScan],
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {label}
      </Typography.Title>
      <Typography.Text type="secondary">{hint}</Typography.Text>
      <Input
        ref={input}
        size="large"
        autoFocus
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={() => {
          const text = value;
          setValue('');
          read(text, '');
        }}
        aria-label={label}
        data-testid={testId}
      />
      {camera ? (
        <Suspense fallback={<Spin />}>
          <CameraScan onRead={read} onClose={() => setCamera(false)} />
        </Suspense>
      ) : (
        <Button block size="large" icon={<CameraOutlined />} onClick={() => setCamera(true)} data-testid={`${testId}-camera`}>
          {t('confirm.camera')}
        </Button>
      )}
    </Space>
  );
}
