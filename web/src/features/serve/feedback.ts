// Sound and vibration on a verification's result, where the device allows (never required).

/** A short beep (high for a match, two low for no match) and a vibration. */
export function signal(match: boolean): void {
  try {
    navigator.vibrate?.(match ? 120 : [200, 100, 200]);
  } catch {
    // no vibration
  }
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const tones = match ? [880] : [220, 220];
    tones.forEach((hz, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(ctx.destination);
      const at = ctx.currentTime + i * 0.25;
      osc.start(at);
      osc.stop(at + 0.18);
    });
    setTimeout(() => void ctx.close(), 800);
  } catch {
    // no sound
  }
}

const DEVICE_KEY = 'samrap.serve.deviceId';

/** This device's id for the serve records, kept in localStorage (one per browser). */
export function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return 'unknown';
  }
}
