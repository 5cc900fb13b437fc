import { REQUEST_LINK_LIMITS } from '@tandem/shared/request-links/constants';
import { useEffect, useRef, useState } from 'react';

/** The longest recording: about what fits the upload's size limit at a voice bitrate. */
const MAX_SECONDS = 90;

/**
 * Records a voice note in the browser (MediaRecorder) and hands the recording up; the page uploads
 * it when the request is sent. Refused microphone access says so, and the form still works.
 */
export function VoiceRecorder({ onChange }: { onChange: (blob: Blob | null) => void }) {
  const [state, setState] = useState<'idle' | 'recording' | 'done' | 'denied' | 'tooLarge'>('idle');
  const [url, setUrl] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
      window.clearInterval(timer.current);
      for (const t of recorder.current?.stream.getTracks() ?? []) t.stop();
    },
    [url],
  );

  async function start() {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState('denied');
      return;
    }
    const type = ['audio/webm', 'audio/ogg', 'audio/mp4'].find((t) => MediaRecorder.isTypeSupported(t));
    const r = new MediaRecorder(stream, { ...(type ? { mimeType: type } : {}), audioBitsPerSecond: 32_000 });
    const chunks: Blob[] = [];
    r.ondataavailable = (e) => chunks.push(e.data);
    r.onstop = () => {
      for (const t of stream.getTracks()) t.stop();
      window.clearInterval(timer.current);
      const blob = new Blob(chunks, { type: (r.mimeType || 'audio/webm').split(';')[0] });
      if (blob.size > REQUEST_LINK_LIMITS.voiceBytes) {
        setState('tooLarge');
        onChange(null);
        return;
      }
      setUrl(URL.createObjectURL(blob));
      setState('done');
      onChange(blob);
    };
    recorder.current = r;
    r.start();
    setSeconds(0);
    setState('recording');
    timer.current = window.setInterval(() => {
      setSeconds((s) => {
        if (s + 1 >= MAX_SECONDS) r.stop();
        return s + 1;
      });
    }, 1000);
  }

  function clear() {
    setUrl(null);
    setState('idle');
    onChange(null);
  }

  return (
    <div className="rq-voice">
      {state === 'recording' ? (
        <button type="button" className="rq-button rq-secondary" onClick={() => recorder.current?.stop()}>
          Stop recording ({seconds}s)
        </button>
      ) : state === 'done' && url ? (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: the person's own voice note, just recorded */}
          <audio controls src={url} aria-label="Your voice note" />
          <button type="button" className="rq-link" onClick={clear}>
            Remove the voice note
          </button>
        </>
      ) : (
        <button type="button" className="rq-button rq-secondary" onClick={start}>
          Record a voice note
        </button>
      )}
      {state === 'denied' && (
        <p className="rq-error" role="alert">
          The microphone is not available. You can still describe your request in writing.
        </p>
      )}
      {state === 'tooLarge' && (
        <p className="rq-error" role="alert">
          The recording is too long. Record a shorter one.
        </p>
      )}
    </div>
  );
}
