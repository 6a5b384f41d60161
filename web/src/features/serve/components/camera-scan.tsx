import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/serve/i18n';

type Detected = { rawValue: string; format: string };
type Detector = { detect: (source: HTMLVideoElement) => Promise<Detected[]> };
type DetectorClass = new (opts: { formats: string[] }) => Detector;

/** The symbology names of the API, ours on the right. */
const FORMATS: Record<string, string> = { qr_code: 'QR', code_128: 'CODE128' };

/**
 * The device camera reading a barcode with the browser's BarcodeDetector (loaded with the
 * confirm screen's camera button only). Answers the first code read and stops.
 */
export default function CameraScan({ onRead, onClose }: { onRead: (text: string, symbology: string) => void; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const Detector = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

  useEffect(() => {
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const detector = new Detector({ formats: Object.keys(FORMATS) });
    const loop = async () => {
      if (stopped || !video.current) return;
      try {
        const codes = await detector.detect(video.current);
        if (codes.length > 0 && !stopped) {
          stopped = true;
          onRead(codes[0].rawValue, FORMATS[codes[0].format] ?? '');
          return;
        }
      } catch {
        // a frame not ready yet
      }
      setTimeout(loop, 150);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' } })
      .then((s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        void video.current.play().then(loop);
      })
      .catch(() => setProblem(t('confirm.cameraDenied')));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [Detector, onRead, t]);

  if (!Detector) return <Alert type="warning" showIcon message={t('confirm.cameraUnsupported')} data-testid="camera-unsupported" />;
  return (
    <div className="serve-camera">
      {problem ? <Alert type="error" showIcon message={problem} /> : <video ref={video} muted playsInline style={{ width: '100%', maxHeight: 320 }} data-testid="camera-video" />}
      <Button block onClick={onClose} style={{ marginTop: 8 }}>
        {t('confirm.cameraStop')}
      </Button>
    </div>
  );
}
