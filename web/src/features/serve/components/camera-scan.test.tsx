import { act, render, screen } from '@testing-library/react';
import CameraScan from '@/features/serve/components/camera-scan';
import { changeLanguage } from '@/lib/i18n';

// The browser's camera and barcode reader are the device's: here a camera stream whose tracks
// can be stopped and a BarcodeDetector that reads nothing, so the screen's own part is tested —
// a camera that opens but never shows a frame is told, not left reading nothing; a camera
// closed while it was opening is stopped and never shown.
describe('camera scan', () => {
  let stops: number;
  let asked: number;
  let answer: (s: MediaStream) => void;
  beforeEach(async () => {
    vi.useFakeTimers();
    stops = 0;
    asked = 0;
    const stream = { getTracks: () => [{ stop: () => stops++ }] } as unknown as MediaStream;
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: () => {
          asked++;
          return new Promise<MediaStream>((ok) => (answer = () => ok(stream)));
        },
      },
    });
    vi.stubGlobal('BarcodeDetector', class { detect = async () => []; });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await changeLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a camera that shows no picture for 6 s is told', async () => {
    render(<CameraScan onRead={() => {}} onClose={() => {}} />);
    await act(async () => {}); // the camera asked for
    await act(async () => answer({} as MediaStream));
    expect(screen.queryByTestId('camera-problem')).toBeNull();
    await act(async () => vi.advanceTimersByTime(6000));
    expect(screen.getByTestId('camera-problem').textContent).toContain('The camera shows no picture');
  });

  it('a picture that comes late takes the words away; the video was never hidden (it is what comes)', async () => {
    render(<CameraScan onRead={() => {}} onClose={() => {}} />);
    await act(async () => {});
    await act(async () => answer({} as MediaStream));
    await act(async () => vi.advanceTimersByTime(6000));
    const video = screen.getByTestId('camera-video');
    expect(screen.getByTestId('camera-problem')).toBeTruthy();
    expect(video.style.display).toBe('block');
    await act(async () => video.dispatchEvent(new Event('loadeddata')));
    expect(screen.queryByTestId('camera-problem')).toBeNull();
  });

  it('closed while the camera was opening: the camera is stopped and not shown', async () => {
    const { unmount } = render(<CameraScan onRead={() => {}} onClose={() => {}} />);
    await act(async () => {}); // the camera asked for
    unmount();
    await act(async () => answer({} as MediaStream));
    expect(stops).toBe(1);
  });

  it('a new language does not restart the camera (two scans raced for the video: the camera on, nothing read)', async () => {
    render(<CameraScan onRead={() => {}} onClose={() => {}} />);
    await act(async () => {});
    await act(async () => answer({} as MediaStream));
    await act(async () => changeLanguage('th'));
    await act(async () => {});
    expect(asked).toBe(1);
    expect(stops).toBe(0);
  });
});
