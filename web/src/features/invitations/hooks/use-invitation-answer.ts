/**
 * The public invitation pages' common flow (delegation, attendee): read the invitation behind the
 * link on every visit, answer it once, and tell a failure worth retrying (no answer, a server error)
 * from a final one (an unknown, used or expired link, whose message the server words).
 */
import { useEffect, useState } from 'react';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { isPassingFailure } from '../invitation-outcome.ts';

export type InvitationState<R, A> =
  | { kind: 'loading' }
  | { kind: 'request'; data: R }
  | { kind: 'answered'; accepted: boolean; answer: A }
  | { kind: 'error'; message: string; retry: boolean };

export function useInvitationAnswer<R, A>(opts: {
  inviteKey: string;
  load: (key: string, signal: AbortSignal) => Promise<R>;
  answer: (key: string, accept: boolean) => Promise<A>;
  texts: { missingKey: string; errorDefault: string; answerFailed: string };
  onAnswered?: () => void;
}) {
  const { inviteKey: key, load, texts } = opts;
  const [state, setState] = useState<InvitationState<R, A>>({ kind: 'loading' });
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);

  useEffect(() => {
    if (!key) {
      setState({ kind: 'error', message: texts.missingKey, retry: false });
      return;
    }
    // Read on every visit, never from a cache: the invitation may have been answered meanwhile.
    const abort = new AbortController();
    load(key, abort.signal).then(
      (data) => !abort.signal.aborted && setState({ kind: 'request', data }),
      (err: unknown) =>
        !abort.signal.aborted &&
        setState({
          kind: 'error',
          message: errorText(err, texts.errorDefault),
          retry: isPassingFailure(err),
        }),
    );
    return () => abort.abort();
  }, [key, load, texts.missingKey, texts.errorDefault]);

  async function answer(accept: boolean) {
    setBusy(accept ? 'accept' : 'decline');
    try {
      const reply = await opts.answer(key, accept);
      opts.onAnswered?.();
      setState({ kind: 'answered', accepted: accept, answer: reply });
    } catch (err) {
      if (isPassingFailure(err)) notifyError(texts.answerFailed, errorText(err, texts.errorDefault));
      else setState({ kind: 'error', message: errorText(err, texts.errorDefault), retry: false });
    } finally {
      setBusy(null);
    }
  }

  return { state, busy, answer };
}
