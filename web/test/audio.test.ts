/** The audio task dialog's pure helpers (web/src/features/audio/utils/recording.ts; decisions D47). */
import { describe, expect, it } from 'vitest';
import {
  formatElapsed,
  isAudioFile,
  isPermissionRefusal,
  levelOf,
  pickRecordingType,
} from '../src/features/audio/utils/recording.ts';

describe('the recorder', () => {
  it('shows the elapsed time as m:ss, and h:mm:ss past an hour', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(2.7)).toBe('0:02');
    expect(formatElapsed(75)).toBe('1:15');
    expect(formatElapsed(3725)).toBe('1:02:05');
    expect(formatElapsed(-3)).toBe('0:00');
  });
  it('asks for WebM/Opus first, then what the browser has; nothing named when it has none of them', () => {
    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingType(() => false)).toBe('');
  });
  it('tells a refused microphone from a missing one', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(isPermissionRefusal(named('NotAllowedError'))).toBe(true);
    expect(isPermissionRefusal(named('SecurityError'))).toBe(true);
    expect(isPermissionRefusal(named('NotFoundError'))).toBe(false);
    expect(isPermissionRefusal('no')).toBe(false);
  });
  it('measures silence as 0 and a full-scale wave near 1', () => {
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0);
    const loud = Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 255 : 0));
    expect(levelOf(loud)).toBe(1);
    expect(levelOf(new Uint8Array())).toBe(0);
  });
});

describe('the upload picker', () => {
  it('takes audio by type or by an audio extension, nothing else', () => {
    expect(isAudioFile({ name: 'memo.wav', type: 'audio/wav' })).toBe(true);
    expect(isAudioFile({ name: 'memo.opus', type: '' })).toBe(true);
    expect(isAudioFile({ name: 'song', type: 'audio/flac' })).toBe(true);
    expect(isAudioFile({ name: 'report.pdf', type: 'application/pdf' })).toBe(false);
    expect(isAudioFile({ name: 'photo.png', type: 'image/png' })).toBe(false);
  });
});
