/**
 * Audio tasks (spec 000 §2 audio task dialog, §3 Audio file; decisions D47): how tracks are played,
 * picked and named, and the dialog's messages. Kept apart from rules.ts so the web loads them with
 * the audio feature only. The formats themselves (the audio group, WebM and Ogg by their first
 * bytes) are rules.ts's, with every other attachment rule.
 */
import { extensionOf, FILE_GROUPS } from './rules.ts';

/**
 * The audio type each audio extension is played as. The content check has made sure the bytes start
 * like the extension says, so the type given to the player follows from the name.
 */
export const AUDIO_PLAYER_TYPES: Readonly<Record<string, string>> = {
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  aif: 'audio/aiff',
  webm: 'audio/webm',
  weba: 'audio/webm',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
};

/** The type a track plays as, or null for a file the browser is not asked to play (wma, non-audio). */
export const audioPlayerType = (filename: string): string | null =>
  AUDIO_PLAYER_TYPES[extensionOf(filename)] ?? null;

/** What an audio task's upload picker accepts: the audio types and their extensions. */
export const AUDIO_ACCEPT: readonly string[] = ['audio/*', ...FILE_GROUPS.audio.map((ext) => `.${ext}`)];

/**
 * The file name and content type a recording is uploaded as: the recorder's type without its
 * parameters (`audio/webm;codecs=opus` → `audio/webm`), the extension that type is kept under.
 */
export function recordingFile(mimeType: string, index: number): { filename: string; contentType: string } {
  const base = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  const ext = base.includes('ogg') ? 'ogg' : base.includes('mp4') || base.includes('aac') ? 'm4a' : 'webm';
  const contentType =
    base && /^audio\/[a-z0-9.+-]+$/.test(base) ? base : `audio/${ext === 'm4a' ? 'mp4' : ext}`;
  return { filename: `Recording ${index}.${ext}`, contentType };
}

export const AUDIO_MESSAGES = {
  microphoneDenied:
    'The microphone is not available: allow this site to use it in the browser, or upload a file instead.',
  noRecorder: 'This browser cannot record audio; upload a file instead.',
  noMicrophone: 'No microphone was found. Connect one, or upload a file instead.',
  notAudio: 'Only audio files can be added as tracks.',
  trackDeleted: 'Track deleted',
  saved: 'Audio task saved',
} as const;
