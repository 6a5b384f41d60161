import { BinaryBitmap, Code128Reader, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import QRCode from 'qrcode';
import { readFrame, type Frame } from '@/features/serve/components/frame-reader';

// The camera's reader where the browser has no BarcodeDetector (a ward PC's Chrome on Windows):
// every meal card's QR code reads from a clean frame, and so does a wristband's Code 128. A
// card token is 50 bytes in base64url (pkg/orders/token.go), its QR code level M; the cards
// print it with mask 0 (pkg/mealcard/qr.go).

const W = 640;
const H = 480;

/** A camera frame (RGBA, dark on light grey, as a lit card) of dark modules drawn by dark(x, y) over a w×h grid at scale px a module. */
function frame(w: number, h: number, scale: number, dark: (x: number, y: number) => boolean): Frame {
  const data = new Uint8ClampedArray(W * H * 4).fill(235);
  const x0 = Math.floor((W - w * scale) / 2);
  const y0 = Math.floor((H - h * scale) / 2);
  for (let y = 0; y < h * scale; y++) {
    for (let x = 0; x < w * scale; x++) {
      if (!dark(Math.floor(x / scale), Math.floor(y / scale))) continue;
      const p = ((y0 + y) * W + x0 + x) * 4;
      data.fill(16, p, p + 3);
    }
  }
  return { data, width: W, height: H };
}

function qrFrame(text: string, maskPattern?: QRCode.QRCodeMaskPattern): Frame {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern });
  const n = qr.modules.size;
  return frame(n, n, Math.floor(400 / (n + 8)), (x, y) => qr.modules.get(y, x) === 1);
}

/** ZXing's QR reader alone, on the same frame. */
function zxingQR(f: Frame): string | null {
  const gray = new Uint8ClampedArray(f.width * f.height).map((_, i) => f.data[i * 4]);
  try {
    return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(gray, f.width, f.height)))).getText();
  } catch {
    return null;
  }
}

/** Card tokens of the same length, from a fixed seed. */
function tokens(n: number): string[] {
  let s = 20261128;
  const byte = () => ((s = (s * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
  return Array.from({ length: n }, () => Buffer.from(Array.from({ length: 50 }, byte)).toString('base64url'));
}

describe('the camera frame reader', () => {
  // found by drawing random tokens: ZXing's reader finds no code in these frames
  const zxingMisses = [
    '2qukH4FEjIyNqZ_ik3XUKCtqFZULBgDH7YmqB8eaxVuwmgG3DQhU1P1laQNrBheKGnk',
    '09HgQx7tj8TVdlPqmVjZvpBgPmQGDS6g5JGHYaMhwFoN4sv1tl_ZPEAcoY5_p1MX5uw',
    'WeORSGksQ5RTRhyuxzDTt8qs1X0LKq2ZUDaqmBodroVeLqJO0wM7leM0Ophm-3Jm5FA',
  ];

  it('reads the cards ZXing alone does not', () => {
    for (const token of zxingMisses) {
      const f = qrFrame(token, 0);
      expect(zxingQR(f)).toBeNull();
      expect(readFrame(f)).toEqual({ rawValue: token, format: 'qr_code' });
    }
  });

  it('reads every card of a sample, with the mask the cards print and with the encoder’s choice', () => {
    const unread = tokens(40).flatMap((token, i) => {
      const read = readFrame(qrFrame(token, i % 2 === 0 ? 0 : undefined));
      return read?.rawValue === token ? [] : [token];
    });
    expect(unread).toEqual([]);
  });

  it('reads a wristband’s Code 128 (code set B)', () => {
    const hn = 'SRP01-HN10002';
    // ZXing's own table of the 107 symbols' bar and space widths
    const patterns = (Code128Reader as unknown as { CODE_PATTERNS: Int32Array[] }).CODE_PATTERNS;
    const values = [104, ...[...hn].map((c) => c.charCodeAt(0) - 32)];
    const check = values.reduce((sum, v, i) => sum + v * Math.max(i, 1), 0) % 103;
    const widths = [...values, check, 106].flatMap((v) => [...patterns[v]]); // the stop's seven with its final bar
    const bars: boolean[] = [];
    widths.forEach((wd, i) => bars.push(...Array<boolean>(wd).fill(i % 2 === 0)));
    const quiet = 10;
    const f = frame(bars.length + 2 * quiet, 40, 3, (x) => bars[x - quiet] === true);
    expect(readFrame(f)).toEqual({ rawValue: hn, format: 'code_128' });
  });

  it('a frame with no code reads nothing', () => {
    expect(readFrame(frame(10, 10, 4, () => false))).toBeNull();
  });
});
