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

/** Reads the codes in the video's current frame (none: none read yet). */
type Read = (video: HTMLVideoElement) => Promise<Detected[]>;

/** The browser's BarcodeDetector where present. */
function detectorRead(Detector: DetectorClass): Read {
  const detector = new Detector({ formats: Object.keys(FORMATS) });
  return (video) => detector.detect(video);
}

/**
 * Our frame reader (frame-reader.ts, loaded here only where the browser has no
 * BarcodeDetector) over the frame the video shows, drawn on one canvas kept for the scan.
 * A library's own camera handling is not used: ZXing's waited for the video's "canplay" after
 * trying to play it, and when that event came in between, it waited for ever.
 */
async function frameRead(): Promise<Read> {
  const { readFrame } = await import('@/features/serve/components/frame-reader');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: w, videoHeight: h } = video;
    if (!ctx || w === 0 || h === 0) return []; // no frame yet
    if (canvas.width !== w || canvas.height !== h) Object.assign(canvas, { width: w, height: h });
    ctx.drawImage(video, 0, 0, w, h);
    const read = readFrame(ctx.getImageData(0, 0, w, h));
    return read ? [read] : [];
  };
}

/**
 * Plays the camera in the video and reads its frames until a code is read, then stops. Every
 * step checks the scan is still wanted: a screen closed (or the scan restarted) while the
 * camera was opening leaves no camera on and never takes the video from a newer scan.
 */
async function scan(read: Read, video: HTMLVideoElement, onRead: (text: string, symbology: string) => void, wanted: () => boolean): Promise<Stop> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
  let stopped = false;
  const stop = () => {
    stopped = true;
    stream.getTracks().forEach((tr) => tr.stop());
    if (video.srcObject === stream) video.srcObject = null;
  };
  if (!wanted()) return stop; // the caller, closed meanwhile, stops it
  video.srcObject = stream;
  await video.play();
  const loop = async () => {
    if (stopped || !wanted()) return;
    try {
      const codes = await read(video);
      if (codes.length > 0 && !stopped) {
        stop();
        onRead(codes[0].rawValue, FORMATS[codes[0].format] ?? '');
        return;
      }
    } catch {
      // a frame not ready yet, or no code in it
    }
    setTimeout(() => void loop(), 150);
  };
  void loop();
  return stop;
}

/**
 * The device camera reading the card's QR code or the wristband's barcode (this chunk loads
 * with the confirm screen's camera button only): the browser's BarcodeDetector where present,
 * else frame-reader.ts. Answers the first code read.
 */
/** How long a camera may show no picture before the screen says so. */
const NO_PICTURE_MS = 6000;

export default function CameraScan({ onRead, onClose }: { onRead: (text: string, symbology: string) => void; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const video = useRef<HTMLVideoElement>(null);
  // the problem's text key: translated when shown, so the camera never restarts on a new language
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
      setProblem('confirm.cameraUnsupported');
      return;
    }
    let stop: Stop | null = null;
    let closed = false;
    const wanted = () => !closed;
    const Detector = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    (Detector ? Promise.resolve(detectorRead(Detector)) : frameRead())
      .then((r) => scan(r, el, read, wanted))
      .then((s) => {
        if (closed) s();
        else stop = s;
      })
      .catch(() => {
        if (!closed) setProblem('confirm.cameraDenied');
      });
    // a camera that opened but shows no picture (no frame yet) is said, not left reading
    // nothing; the video stays on screen and the words go as soon as a picture comes (a busy
    // PC can take longer than the watchdog to show the first frame)
    const watchdog = window.setTimeout(() => {
      if (!closed && el.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) setProblem('confirm.cameraNoPicture');
    }, NO_PICTURE_MS);
    const pictured = () => setProblem((p) => (p === 'confirm.cameraNoPicture' ? null : p));
    el.addEventListener('loadeddata', pictured);
    return () => {
      closed = true;
      window.clearTimeout(watchdog);
      el.removeEventListener('loadeddata', pictured);
      stop?.();
    };
  }, []);

  return (
    <div className="serve-camera">
      {problem && <Alert type="error" showIcon message={t(problem)} data-testid="camera-problem" data-problem={problem} />}
      {/* hidden only when there can be no picture (no camera, or refused); "no picture yet" keeps it */}
      <video ref={video} muted playsInline style={{ width: '100%', maxHeight: 320, display: problem && problem !== 'confirm.cameraNoPicture' ? 'none' : 'block' }} data-testid="camera-video" />
      <Button block onClick={onClose} style={{ marginTop: 8 }}>
        {t('confirm.cameraStop')}
      </Button>
    </div>
  );
}
