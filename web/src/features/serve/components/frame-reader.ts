import jsQR from 'jsqr';
// the four modules used, not the package's index: it has no sideEffects flag, so the index
// would bring every reader and writer (0.4 MB) into the camera's chunk
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import Code128Reader from '@zxing/library/esm/core/oned/Code128Reader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';

/** A code read from a frame, as the browser's BarcodeDetector answers it (its format names). */
export type Read = { rawValue: string; format: 'qr_code' | 'code_128' };

/** One frame of the camera: RGBA pixels, as a canvas's getImageData gives them. */
export type Frame = { data: Uint8ClampedArray; width: number; height: number };

const code128 = new Code128Reader();

/**
 * Reads the meal card's QR code or the wristband's Code 128 in a frame, where the browser has
 * no BarcodeDetector (Chrome on Windows and Linux, Firefox). The QR code is jsQR's: ZXing's QR
 * reader misses about one clean, well-lit code in sixteen whatever the frame (a data pattern
 * taken for a finder pattern), so those cards never read by camera (frame-reader.test.ts keeps
 * a few); jsQR reads them all. ZXing reads the Code 128, which jsQR does not.
 */
export function readFrame(frame: Frame): Read | null {
  const qr = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
  if (qr && qr.data !== '') return { rawValue: qr.data, format: 'qr_code' };
  const gray = new Uint8ClampedArray(frame.width * frame.height);
  for (let i = 0, p = 0; i < gray.length; i++, p += 4) {
    gray[i] = (frame.data[p] * 306 + frame.data[p + 1] * 601 + frame.data[p + 2] * 117) >> 10;
  }
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(gray, frame.width, frame.height)));
    return { rawValue: code128.decode(bitmap).getText(), format: 'code_128' };
  } catch {
    return null; // no code in this frame
  }
}
