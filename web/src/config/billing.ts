/**
 * Where the billing button goes (spec 002 §4: it opens the billing address in a new tab). A constant
 * for now; it is meant to move to /config.json (an optional `billingUrl` of the runtime config).
 */
export const BILLING_URL = 'https://tandem.example/billing';
