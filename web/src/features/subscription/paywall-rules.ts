/**
 * Which paywall a signed-in user sees (spec 002 §4 Paywall) and whether the licensing banner shows
 * (spec 001 §2, 002 §4). Pure, so every package × status × path rule is tested in one table
 * (web/test/billing-paywall-rules.test.ts).
 *
 * Rules, most severe first:
 * 1. status cancelled or expired, or the free license → a non-closable overlay, except on the
 *    request-link portal (/request-link-portal and below). A trial past its end reads 'expired'.
 * 2. standard license on /templates or /curriculum (and below) → a closable upsell; closing goes to /.
 * 3. status on-hold → a closable overlay (once closed it stays closed for the session).
 * 4. otherwise (the full trial or the teams license, active; the standard license elsewhere) → nothing.
 * The upsell comes before on-hold because it is bound to the page: closing it leads to /, where the
 * on-hold notice then shows.
 */
import type { LimitDetailView, LimitsView } from '@tandem/shared/groups/views';
import { type LimitStatus, mostSevere } from '@tandem/shared/user/limits';
import { normalisePackage } from '@tandem/shared/user/subscription';

export const REQUEST_LINK_PORTAL_PATH = '/request-link-portal';
/** Screens the standard license does not include (spec 002 §4; 002 §6 templates need teams or trial). */
export const UPSELL_PATHS = ['/templates', '/curriculum'] as const;
/** Where closing the upsell leads. */
export const UPSELL_CLOSE_TO = '/';

export type BlockReason = 'free' | 'cancelled' | 'expired' | 'trialEnded';

export type PaywallDecision =
  | { kind: 'none' }
  | { kind: 'blocked'; reason: BlockReason; closable: false }
  | { kind: 'upsell'; closable: true; closeTo: string }
  | { kind: 'onHold'; closable: true };

export interface PaywallInput {
  /** The subscription's package code; undefined while it loads or when it could not be read. */
  package: string | undefined;
  /** Its status (active, cancelled, expired, on-hold); undefined while unknown. */
  status: string | undefined;
  pathname: string;
  /** The on-hold notice was closed in this session. */
  onHoldDismissed?: boolean;
}

const NONE: PaywallDecision = { kind: 'none' };

/** '/templates/' and '/templates' are the same screen. */
const normalisePath = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

const isUnder = (pathname: string, base: string): boolean => {
  const p = normalisePath(pathname);
  return p === base || p.startsWith(`${base}/`);
};

export const isRequestLinkPortalPath = (pathname: string): boolean =>
  isUnder(pathname, REQUEST_LINK_PORTAL_PATH);

export const isUpsellPath = (pathname: string): boolean => UPSELL_PATHS.some((b) => isUnder(pathname, b));

export function paywallFor(input: PaywallInput): PaywallDecision {
  const { status, pathname } = input;
  // The package as stored, whatever its spelling ('Standard License' is standard_license; 002 §3).
  const pkg = input.package ? normalisePackage(input.package) : undefined;
  if (!pkg || !status) return NONE;

  const reason: BlockReason | null =
    status === 'cancelled'
      ? 'cancelled'
      : status === 'expired'
        ? pkg === 'full_14_days_trial'
          ? 'trialEnded'
          : 'expired'
        : pkg === 'free_license'
          ? 'free'
          : null;
  if (reason) return isRequestLinkPortalPath(pathname) ? NONE : { kind: 'blocked', reason, closable: false };

  if (pkg === 'standard_license' && isUpsellPath(pathname))
    return { kind: 'upsell', closable: true, closeTo: UPSELL_CLOSE_TO };

  if (status === 'on-hold') return input.onHoldDismissed ? NONE : { kind: 'onHold', closable: true };

  return NONE;
}

// ---------- licensing banner ----------

const LIMIT_STATUSES: readonly string[] = ['ok', 'met', 'exceeded'];
const isLimitStatus = (v: unknown): v is LimitStatus => typeof v === 'string' && LIMIT_STATUSES.includes(v);

/** The number a limit is compared with: items counted, or MB stored for the storage events. */
export const currentOf = (d: Pick<LimitDetailView, 'currentCount' | 'currentStorage'>): number =>
  d.currentCount ?? d.currentStorage ?? 0;

/**
 * The status one limit shows. An event the package does not include at all (limit 0, hasAccess
 * false) with nothing counted is 'ok' here: 0 of 0 is not a limit the user has run into, and
 * counting it as 'met' would put the banner on every standard and free account.
 */
export function shownLimitStatus(d: LimitDetailView): LimitStatus {
  if (!d.hasAccess && currentOf(d) === 0) return 'ok';
  return isLimitStatus(d.status) ? d.status : 'ok';
}

/** The most severe status over all limits (spec 000 §4: the most severe is shown). */
export const overallLimitStatus = (view: Pick<LimitsView, 'results'> | undefined): LimitStatus =>
  mostSevere((view?.results ?? []).map(shownLimitStatus));

export interface BannerInput {
  /** The user has a Tandem record with a subscription (it loaded). */
  provisioned: boolean;
  /** The status a refused call reported (detail.current_status), if any. */
  reported: string | null;
  /** GET /user/subscription/limit for all events, once loaded. */
  limits: Pick<LimitsView, 'results'> | undefined;
  /** Closed in this session. */
  dismissed: boolean;
}

/** Banner status: the most severe of what a refusal reported and what the limits say now. */
export function bannerStatus(input: Pick<BannerInput, 'reported' | 'limits'>): LimitStatus {
  const reported = isLimitStatus(input.reported) ? input.reported : 'ok';
  return mostSevere([reported, overallLimitStatus(input.limits)]);
}

/** The licensing banner shows for provisioned users whose limits are met or exceeded (spec 001 §2). */
export const showLicensingBanner = (input: BannerInput): boolean =>
  input.provisioned && !input.dismissed && bannerStatus(input) !== 'ok';

/**
 * The billing page the paywall sheet frames (spec 002 §2 "shown in an embedded frame"; decisions
 * D76): the configured address when it is https (or http on this machine's loopback, for the local
 * stack), else null and the sheet shows its own text. Anything else (javascript:, data:, a typo)
 * is never framed.
 */
export function billingEmbedOf(configured: string | undefined | null): string | null {
  if (!configured) return null;
  try {
    const u = new URL(configured);
    const loopback = u.hostname === 'localhost' || u.hostname === '127.0.0.1';
    return u.protocol === 'https:' || (u.protocol === 'http:' && loopback) ? u.href : null;
  } catch {
    return null;
  }
}
