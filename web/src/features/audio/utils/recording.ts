/** Pure helpers of the audio task dialog (tested in web/test/audio.test.ts). */
import { fileGroupOf } from '@tandem/shared/attachments/rules';

/** 0 → "0:00", 75 → "1:15", 3725 → "1:02:05". */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** What the recorder is asked to write, best first: WebM/Opus (Chromium, Firefox), Ogg, then MP4 (Safari). */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/** The first type this browser's MediaRecorder can write, or '' to let it choose. */
export function pickRecordingType(isSupported: (type: string) => boolean): string {
  return RECORDING_TYPES.find((t) => isSupported(t)) ?? '';
}

/** Whether a chosen file may be a track: an audio type, or a name in the audio group. */
export const isAudioFile = (f: { name: string; type: string }) =>
  f.type.startsWith('audio/') || fileGroupOf(f.name) === 'audio';

/** The browser's refusal of the microphone (permission or policy), as opposed to no device at all. */
export const isPermissionRefusal = (err: unknown) =>
  err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'SecurityError');

/** The loudness of a time-domain frame (bytes around 128) as 0..1: its RMS, scaled so speech shows. */
export function levelOf(frame: Uint8Array): number {
  if (frame.length === 0) return 0;
  let sum = 0;
  for (const v of frame) {
    const x = (v - 128) / 128;
    sum += x * x;
  }
  return Math.min(1, Math.sqrt(sum / frame.length) * 3);
}
