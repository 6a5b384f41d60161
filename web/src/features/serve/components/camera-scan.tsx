import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '@/features/serve/i18n';

type Detected = { rawValue: string; format: string };
type Detector = { detect: (source: HTMLVideoElement) => Promise<Detected[]> };
type DetectorClass = new (opts: { formats: string[] }) => Detector;

/** BarcodeDetector's format names, ours on the right. */
const FORMATS: Record<string, string> = { qr_code: 'QR', code_128: 'CODE128' };

/** Stops a running scan. */
type Stop = () => void;

/** Reads with the browser's BarcodeDetector on the video: the first code read, then stops. */
async function withDetector(Detector: DetectorClass, video: HTMLVideoElement, onRead: (text: string, symbology: string) => void): Promise<Stop> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
  let stopped = false;
  const stop = () => {
    stopped = true;
    stream.getTracks().forEach((tr) => tr.stop());
  };
  video.srcObject = stream;
  await video.play();
  const detector = new Detector({ formats: Object.keys(FORMATS) });
  const loop = async () => {
    if (stopped) return;
    try {
      const codes = await detector.detect(video);
      if (codes.length > 0 && !stopped) {
        stop();
        onRead(codes[0].rawValue, FORMATS[codes[0].format] ?? '');
        return;
      }
    } catch {
      // a frame not ready yet
    }
    setTimeout(() => void loop(), 150);
  };
  void loop();
  return stop;
}

/** Reads with ZXing (loaded here, only where the browser has no BarcodeDetector). */
async function withZxing(video: HTMLVideoElement, onRead: (text: string, symbology: string) => void): Promise<Stop> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128]]]);
  const reader = new BrowserMultiFormatReader(hints);
  let done = false;
  const controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' } }, video, (result, _err, c) => {
    if (!result || done) return;
    done = true;
    c.stop();
    onRead(result.getText(), result.getBarcodeFormat() === BarcodeFormat.CODE_128 ? 'CODE128' : 'QR');
  });
  return () => controls.stop();
}

/**
 * The device camera reading the card's QR code or the wristband's barcode (this chunk loads
 * with the confirm screen's camera button only): the browser's BarcodeDetector where present,
 * else ZXing. Answers the first code read.
 */
export default function CameraScan({ onRead, onClose }: { onRead: (text: string, symbology: string) => void; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // the latest callback, so that a re-render of the screen does not restart the camera
  const readRef = useRef(onRead);
  useEffect(() => {
    readRef.current = onRead;
  }, [onRead]);

  useEffect(() => {
    const el = video.current;
    const read = (text: string, symbology: string) => readRef.current(text, symbology);
    if (!el) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(t('confirm.cameraUnsupported'));
      return;
    }
    let stop: Stop | null = null;
    let closed = false;
    const Detector = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    (Detector ? withDetector(Detector, el, read) : withZxing(el, read))
      .then((s) => {
        if (closed) s();
        else stop = s;
      })
      .catch(() => setProblem(t('confirm.cameraDenied')));
    return () => {
      closed = true;
      stop?.();
    };
  }, [t]);

  return (
    <div className="serve-camera">
      {problem && <Alert type="error" showIcon message={problem} data-testid="camera-problem" />}
      <video ref={video} muted playsInline style={{ width: '100%', maxHeight: 320, display: problem ? 'none' : 'block' }} data-testid="camera-video" />
      <Button block onClick={onClose} style={{ marginTop: 8 }}>
        {t('confirm.cameraStop')}
      </Button>
    </div>
  );
}
