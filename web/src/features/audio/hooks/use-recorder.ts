/**
 * Records from the microphone with MediaRecorder: start, stop, the elapsed time and the input level
 * (an AnalyserNode). A refused microphone and a browser without MediaRecorder are reported as
 * messages the dialog shows; the microphone is released when recording stops or the dialog closes.
 */
import { AUDIO_MESSAGES, recordingFile } from '@tandem/shared/attachments/audio';
import { MAX_ATTACHMENT_BYTES } from '@tandem/shared/attachments/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isPermissionRefusal, levelOf, pickRecordingType } from '../utils/recording.ts';

const RECORDING_BITS_PER_SECOND = 64_000;
/** Room left for the last chunk and the container's ending when a recording nears 20 MB. */
const STOP_MARGIN_BYTES = 256 * 1024;

export type RecorderState = 'idle' | 'starting' | 'recording';

export function useRecorder(onRecorded: (file: File) => void) {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const cleanup = useRef<() => void>(() => {});
  const count = useRef(0);
  const recordedRef = useRef(onRecorded);
  recordedRef.current = onRecorded;

  const release = useCallback(() => {
    cleanup.current();
    cleanup.current = () => {};
  }, []);

  const start = useCallback(async () => {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError(AUDIO_MESSAGES.noRecorder);
      return;
    }
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      setState('idle');
      setError(isPermissionRefusal(err) ? AUDIO_MESSAGES.microphoneDenied : AUDIO_MESSAGES.noMicrophone);
      return;
    }
    const type = pickRecordingType((t) => MediaRecorder.isTypeSupported(t));
    // 64 kbit/s Opus is clear speech, and 20 MB (a file's limit) holds about 40 minutes of it.
    const rec = new MediaRecorder(stream, {
      audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
      ...(type ? { mimeType: type } : {}),
    });
    const chunks: Blob[] = [];
    let bytes = 0;
    rec.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      chunks.push(e.data);
      bytes += e.data.size;
      // Stops before the recording could not be kept (a file is at most 20 MB).
      if (bytes >= MAX_ATTACHMENT_BYTES - STOP_MARGIN_BYTES && rec.state === 'recording') rec.stop();
    };
    rec.onstop = () => {
      release();
      setState('idle');
      setLevel(0);
      const mime = rec.mimeType || type;
      const { filename, contentType } = recordingFile(mime, ++count.current);
      const blob = new Blob(chunks, { type: contentType });
      if (blob.size > 0) recordedRef.current(new File([blob], filename, { type: contentType }));
    };

    // The level meter and the clock.
    const began = Date.now();
    const ctx = new AudioContext();
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    ctx.createMediaStreamSource(stream).connect(analyser);
    const frame = new Uint8Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      analyser.getByteTimeDomainData(frame);
      setLevel(levelOf(frame));
      setElapsed((Date.now() - began) / 1000);
    }, 100);
    cleanup.current = () => {
      window.clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
      void ctx.close();
    };
    recorder.current = rec;
    setElapsed(0);
    rec.start(250);
    setState('recording');
  }, [release]);

  const stop = useCallback(() => {
    const rec = recorder.current;
    if (rec && rec.state !== 'inactive') rec.stop();
    recorder.current = null;
  }, []);

  // Closing the dialog mid-recording lets the microphone go and keeps nothing.
  useEffect(
    () => () => {
      const rec = recorder.current;
      if (rec && rec.state !== 'inactive') {
        rec.onstop = null;
        rec.stop();
      }
      release();
    },
    [release],
  );

  return { state, elapsed, level, error, start, stop };
}
