/** Audio tasks' rules (spec 000 §2 audio task dialog, §3 inputType and Audio file; decisions D47). */
import { describe, expect, it } from 'vitest';
import { AUDIO_ACCEPT, audioPlayerType, recordingFile } from '../src/attachments/audio.ts';
import {
  ATTACHMENT_MESSAGES,
  contentRefusal,
  fileGroupOf,
  listAttachmentsQuery,
  sniffFormat,
} from '../src/attachments/rules.ts';
import { createTaskInput } from '../src/tasks/schemas.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
/** The start of what Chromium's MediaRecorder writes: the EBML header with DocType "webm". */
const WEBM = bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01);
const OGG = text('OggS\x00\x02\x00\x00\x00\x00');
const WAV = text('RIFF\x24\x00\x00\x00WAVEfmt ');
const M4A = text('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00');
const MP3 = text('ID3\x04\x00\x00\x00\x00\x00\x00');

describe('what browsers record is audio, checked by its first bytes', () => {
  it('recognises WebM (EBML) and Ogg', () => {
    expect(sniffFormat(WEBM)).toBe('ebml');
    expect(sniffFormat(OGG)).toBe('ogg');
  });
  it.each([
    ['Recording 1.webm', WEBM],
    ['voice.weba', WEBM],
    ['Recording 2.ogg', OGG],
    ['memo.opus', OGG],
    ['memo.oga', OGG],
    ['memo.m4a', M4A],
    ['memo.mp4', M4A],
    ['memo.mp3', MP3],
    ['memo.wav', WAV],
  ])('%s with its own bytes is kept, and is in the audio group', (name, head) => {
    expect(contentRefusal(name, head)).toBeNull();
    expect(fileGroupOf(name)).toBe('audio');
  });
  it.each([
    ['fake.webm', text('just some text, renamed')],
    ['fake.ogg', WEBM],
    ['fake.webm', OGG],
    ['fake.wav', text('hello')],
    ['fake.opus', MP3],
  ])('%s whose bytes say otherwise is refused', (name, head) => {
    expect(contentRefusal(name, head)).toBe(ATTACHMENT_MESSAGES.contentMismatch);
  });
  it('a program named .webm is refused as a program', () => {
    expect(contentRefusal('song.webm', text('MZ\x90\x00'))).toBe(ATTACHMENT_MESSAGES.executable);
  });
});

describe('playing and recording', () => {
  it('plays each recorded or uploaded format as its audio type; nothing for other files', () => {
    expect(audioPlayerType('Recording 1.webm')).toBe('audio/webm');
    expect(audioPlayerType('a.OGG')).toBe('audio/ogg');
    expect(audioPlayerType('a.m4a')).toBe('audio/mp4');
    expect(audioPlayerType('a.mp3')).toBe('audio/mpeg');
    expect(audioPlayerType('a.wav')).toBe('audio/wav');
    expect(audioPlayerType('a.wma')).toBeNull();
    expect(audioPlayerType('a.pdf')).toBeNull();
    expect(audioPlayerType('a.html')).toBeNull();
  });
  it('names a recording by its recorder type, without the codec parameters', () => {
    expect(recordingFile('audio/webm;codecs=opus', 1)).toEqual({
      filename: 'Recording 1.webm',
      contentType: 'audio/webm',
    });
    expect(recordingFile('audio/ogg; codecs=opus', 2)).toEqual({
      filename: 'Recording 2.ogg',
      contentType: 'audio/ogg',
    });
    expect(recordingFile('audio/mp4', 3)).toEqual({ filename: 'Recording 3.m4a', contentType: 'audio/mp4' });
    // A recorder that names no type: WebM, what Chromium writes.
    expect(recordingFile('', 4)).toEqual({ filename: 'Recording 4.webm', contentType: 'audio/webm' });
  });
  it('the picker accepts audio types and the audio extensions only', () => {
    expect(AUDIO_ACCEPT).toContain('audio/*');
    expect(AUDIO_ACCEPT).toContain('.webm');
    expect(AUDIO_ACCEPT).not.toContain('.pdf');
  });
});

describe('an audio task and its tracks', () => {
  it("a task is made with inputType 'audio' or none, nothing else", () => {
    expect(createTaskInput.parse({ title: 'Memo', group: 'g', inputType: 'audio' }).inputType).toBe('audio');
    expect(createTaskInput.parse({ title: 'Memo', group: 'g', inputType: null }).inputType).toBeNull();
    expect(createTaskInput.parse({ title: 'Memo', group: 'g' }).inputType).toBeUndefined();
    expect(createTaskInput.safeParse({ title: 'Memo', group: 'g', inputType: 'video' }).success).toBe(false);
  });
  it('the tracks are listed with q=audio', () => {
    expect(listAttachmentsQuery.parse({ q: 'audio' }).q).toBe('audio');
    expect(listAttachmentsQuery.safeParse({ q: 'tracks' }).success).toBe(false);
  });
});
