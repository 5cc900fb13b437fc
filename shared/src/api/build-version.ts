/**
 * The build the API and the web app are of (api/config.ts re-exports these): apart from the runtime
 * config's schema, so that every route's bundle carries only these two strings (docs/decisions.md D81).
 */

/** Response header that carries the server's build; the web shows an update banner when it differs. */
export const BUILD_VERSION_HEADER = 'build-version';

/**
 * The build-version every API answer carries and config.json names (spec 001 §7, 002 §9: "a value other
 * than 11 shows the update banner"). It is the generation of the web app and API contract, not a deploy's
 * build id: raise it by hand with a release that open pages must reload for (docs/decisions.md D17).
 */
export const BUILD_VERSION = '11';
