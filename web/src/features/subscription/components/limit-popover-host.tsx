import { lazy, Suspense, useEffect, useState } from 'react';
import { mutate } from 'swr';
import { onSubscriptionRefusal } from '../../../lib/api.ts';
import { subscriptionKey } from '../../../lib/user/get-subscription.ts';
import { isLimitsKey } from '../api/subscription-limits.ts';
import { toLimitRefusal } from '../limit-refusal.ts';
import { showRefusal, useSubscriptionUi } from '../subscription-store.ts';

const LimitPopover = lazy(() => import('./limit-popover.tsx'));

/**
 * Listens for refused calls (a 400 with detail.current_status, spec 001 §7): the limits and the
 * subscription are read again, and the subscription popover (spec 000 §8) shows the refusal.
 */
export function LimitPopoverHost() {
  useEffect(
    () =>
      onSubscriptionRefusal((detail) => {
        void mutate(isLimitsKey);
        void mutate(subscriptionKey);
        const refusal = toLimitRefusal(detail);
        if (refusal) showRefusal(refusal);
      }),
    [],
  );
  const open = useSubscriptionUi((s) => s.refusal !== null);
  // Stays mounted once loaded, so the modal can play its closing transition.
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <LimitPopover />
    </Suspense>
  );
}
