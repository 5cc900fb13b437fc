import {
  describeHours,
  HONEYPOT_FIELD,
  REQUEST_CONFIRMATION_PATH,
  REQUEST_LINK_LIMITS,
  REQUEST_LINK_MESSAGES,
  requestScheduleErrors,
  submitFailureMessage,
} from '@tandem/shared/request-links/constants';
import { type FormEvent, useEffect, useState } from 'react';
import { browserZone } from '../../../lib/time/zone.ts';
import { CallError, loadLink, type PublicLink, submit, uploadVoice } from './api.ts';
import { VoiceRecorder } from './voice-recorder.tsx';

const OTHER = '__other__';

/** A date-time input's value for an instant, in the browser's zone ('2030-03-05T10:00'). */
const localMinute = (d: Date) =>
  new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** /requests/{id}: the link's branded welcome and its form (spec 002 §2, §3 "Submitted request"). */
export function RequestPage({ linkId }: { linkId: string }) {
  const [link, setLink] = useState<PublicLink | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [voice, setVoice] = useState<Blob | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [type, setType] = useState('');

  useEffect(() => {
    loadLink(linkId).then(
      (l) => {
        setLink(l);
        setType(l.requestConfig.requestTypes[0] ?? (l.requestConfig.otherRequestTypeEnabled ? OTHER : ''));
        document.title = `${l.companyName} — send a request`;
        document.documentElement.style.setProperty('--brand', l.brandingConfig.primaryColor);
      },
      (e: unknown) =>
        setMissing(
          e instanceof CallError && e.status === 404
            ? REQUEST_LINK_MESSAGES.notFound
            : 'This page could not be loaded. Check your connection and reload it.',
        ),
    );
  }, [linkId]);

  if (missing)
    return (
      <main className="rq-page">
        <section className="rq-card" role="alert">
          <h1>Request page not available</h1>
          <p>{missing}</p>
        </section>
      </main>
    );
  if (!link)
    return (
      <main className="rq-page" aria-busy="true">
        <p className="rq-muted">Loading…</p>
      </main>
    );

  const cfg = link.requestConfig;
  const legal = link.legalConfig;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!link) return;
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim();
    // The appointment: the same rule the server applies (an offered duration, not past, in the hours).
    const scheduled = cfg.schedulingEnabled ? text('scheduled_time') : '';
    const appointment = scheduled
      ? { scheduledTime: new Date(scheduled).toISOString(), duration: Number(text('duration')) || null }
      : {};
    const refused = requestScheduleErrors(cfg, appointment, new Date());
    if (refused) {
      setError(Object.values(refused)[0] ?? null);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const voiceUpload = voice ? await uploadVoice(link.id, link.formToken, voice) : null;
      const done = await submit({
        request_link: link.id,
        requester_name: text('requester_name'),
        requester_email: text('requester_email'),
        request_type: type === OTHER ? text('other_type') : type,
        description: text('description'),
        ...(cfg.dueDateEnabled && text('due_date') ? { due_date: text('due_date') } : {}),
        ...(appointment.scheduledTime
          ? {
              scheduled_time: appointment.scheduledTime,
              duration: appointment.duration,
              timezone: browserZone(),
            }
          : {}),
        ...(cfg.urgencyEnabled ? { urgency: text('urgency') || 'normal' } : {}),
        ...(voiceUpload ? { voice_upload: voiceUpload } : {}),
        form_token: link.formToken,
        [HONEYPOT_FIELD]: text(HONEYPOT_FIELD),
      });
      window.location.assign(`${REQUEST_CONFIRMATION_PATH}?request=${encodeURIComponent(done.requestId)}`);
    } catch (err) {
      setSending(false);
      setError(
        err instanceof CallError
          ? (err.apiMessage ?? submitFailureMessage(err.status, err.body))
          : 'Your request could not be sent. Check your connection and try again.',
      );
    }
  }

  const b = link.brandingConfig;
  return (
    <main className="rq-page">
      <header className="rq-header">
        {link.logo && (
          <img
            className="rq-logo"
            src={link.logo}
            alt={link.companyName}
            style={{ background: b.logoBackgroundType === 'solid' ? b.logoBackgroundColor : 'transparent' }}
          />
        )}
        <h1>{link.companyName}</h1>
        {link.welcomeMessage && <p className="rq-welcome">{link.welcomeMessage}</p>}
      </header>
      <form className="rq-card" onSubmit={onSubmit} aria-label="Send a request">
        <label>
          Your name
          <input name="requester_name" required maxLength={150} autoComplete="name" />
        </label>
        <label>
          Your e-mail
          <input name="requester_email" type="email" required maxLength={254} autoComplete="email" />
        </label>
        <label>
          Type of request
          <select value={type} onChange={(e) => setType(e.target.value)} required>
            {cfg.requestTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
            {cfg.otherRequestTypeEnabled && <option value={OTHER}>Other</option>}
          </select>
        </label>
        {type === OTHER && (
          <label>
            What kind of request?
            <input name="other_type" required maxLength={120} />
          </label>
        )}
        <label>
          Describe your request
          <textarea name="description" required rows={6} maxLength={REQUEST_LINK_LIMITS.description} />
        </label>
        {cfg.voiceRecordingEnabled && (
          <fieldset>
            <legend>Voice note (optional)</legend>
            <VoiceRecorder onChange={setVoice} />
          </fieldset>
        )}
        {cfg.dueDateEnabled && (
          <label>
            Needed by
            <input name="due_date" type="date" />
          </label>
        )}
        {cfg.schedulingEnabled && (
          <div className="rq-row">
            <label>
              Preferred time
              <input
                name="scheduled_time"
                type="datetime-local"
                min={localMinute(new Date())}
                aria-describedby={cfg.schedulingHours ? 'rq-hours' : undefined}
              />
            </label>
            <label>
              Duration
              <select name="duration">
                {cfg.schedulingDurationOptions.map((o) => (
                  <option key={o.minutes} value={o.minutes}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            {cfg.schedulingHours && (
              <p id="rq-hours" className="rq-muted">
                Appointments: {describeHours(cfg.schedulingHours)}
              </p>
            )}
          </div>
        )}
        {cfg.urgencyEnabled && (
          <fieldset className="rq-row">
            <legend>Urgency</legend>
            <label className="rq-inline">
              <input type="radio" name="urgency" value="normal" defaultChecked /> Normal
            </label>
            <label className="rq-inline">
              <input type="radio" name="urgency" value="urgent" /> Urgent
            </label>
          </fieldset>
        )}
        {/* The honeypot: hidden from people and from assistive technology; robots fill it in. */}
        <div className="rq-hp" aria-hidden="true">
          <label>
            Website
            <input name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        {(legal.termsEnabled || legal.privacyEnabled) && (
          <p className="rq-muted">
            By sending this request you accept the{' '}
            {legal.termsEnabled && (
              <a href={legal.termsUrl} target="_blank" rel="noopener noreferrer">
                terms
              </a>
            )}
            {legal.termsEnabled && legal.privacyEnabled && ' and the '}
            {legal.privacyEnabled && (
              <a href={legal.privacyUrl} target="_blank" rel="noopener noreferrer">
                privacy policy
              </a>
            )}
            .
          </p>
        )}
        {error && (
          <p className="rq-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="rq-button" disabled={sending}>
          {sending ? 'Sending…' : 'Send request'}
        </button>
      </form>
    </main>
  );
}
