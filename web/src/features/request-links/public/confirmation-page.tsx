import { CONFIRM_FAILURE_MESSAGE } from '@tandem/shared/request-links/constants';
import { useEffect, useState } from 'react';
import { type Confirmation, confirm } from './api.ts';

/** /request-links-confirmation?request={id}: the link's confirmation texts (spec 002 §2, §9). */
export function ConfirmationPage() {
  const requestId = new URLSearchParams(window.location.search).get('request');
  const [data, setData] = useState<Confirmation | null>(null);
  const [failed, setFailed] = useState(!requestId);

  useEffect(() => {
    if (!requestId) return;
    confirm(requestId).then(setData, () => setFailed(true));
  }, [requestId]);

  useEffect(() => {
    if (data) document.documentElement.style.setProperty('--brand', data.brandingConfig.primaryColor);
  }, [data]);

  if (failed)
    return (
      <main className="rq-page">
        <section className="rq-card" role="alert">
          <h1>{CONFIRM_FAILURE_MESSAGE}</h1>
        </section>
      </main>
    );
  if (!data)
    return (
      <main className="rq-page" aria-busy="true">
        <p className="rq-muted">Loading…</p>
      </main>
    );
  const c = data.confirmationConfig;
  return (
    <main className="rq-page">
      <section className="rq-card rq-confirmation">
        <p className="rq-muted">{data.companyName}</p>
        <h1>{c.confirmationMessage}</h1>
        {c.nextSteps && <p>{c.nextSteps}</p>}
        {c.responseTimePromise && <p>{c.responseTimePromise}</p>}
        {c.businessHours && (
          <p className="rq-muted">
            <strong>Business hours:</strong> {c.businessHours}
          </p>
        )}
      </section>
    </main>
  );
}
