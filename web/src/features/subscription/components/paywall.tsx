import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useCurrentSubscription } from '../api/current-subscription.ts';
import { paywallFor } from '../paywall-rules.ts';
import { useSubscriptionUi } from '../subscription-store.ts';

// The sheet and its overlay engine load only for those who see it.
const PaywallSheet = lazy(() => import('./paywall-sheet.tsx'));

/** The paywall of the signed-in layout (spec 002 §2, §4): decided by paywall-rules.ts. */
export function Paywall() {
  const { data } = useCurrentSubscription();
  const { pathname } = useLocation();
  const onHoldDismissed = useSubscriptionUi((s) => s.onHoldDismissed);
  const decision = paywallFor({
    package: data?.package,
    status: data?.currentStatus,
    pathname,
    onHoldDismissed,
  });
  if (decision.kind === 'none') return null;
  return (
    <Suspense fallback={null}>
      <PaywallSheet decision={decision} />
    </Suspense>
  );
}
