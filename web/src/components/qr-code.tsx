import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';

type Props = { value: string; size?: number; alt: string; testId?: string };

/**
 * A QR code of `value` (the authenticator's otpauth URI) as an SVG image. The `qrcode`
 * library is loaded with this component only: the register and account screens.
 */
export function QrCode({ value, size = 200, alt, testId }: Props) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSvg(null);
    import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((s) => live && setSvg(s))
      .catch((e: unknown) => {
        console.error('qr-code: could not draw', e);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [value]);
  if (failed) return null; // the secret shown beside it can still be typed in
  if (!svg) return <Skeleton.Image active style={{ width: size, height: size }} />;
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      width={size}
      height={size}
      alt={alt}
      data-testid={testId}
      style={{ display: 'block', background: '#fff', borderRadius: 8, border: '1px solid #e5ecea' }}
    />
  );
}
