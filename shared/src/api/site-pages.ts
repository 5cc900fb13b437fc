/**
 * The web build's HTML pages and the addresses each answers, for whoever serves the site (CloudFront's
 * routing function in AWS, the local gateway): the app's index.html for its routes, the sign-in page's
 * own HTML (the page drawn when the site is built; decisions D97) and the public request page's
 * (D68).
 */
import { isRequestPagePath, REQUEST_PAGE_FILE, REQUEST_PAGE_PATHS } from '../request-links/constants.ts';

export const APP_PAGE_FILE = '/index.html';
/** The sign-in page drawn at build time: /login, with or without the slash (not /login/code). */
export const SIGN_IN_PAGE_FILE = '/login.html';
export const SIGN_IN_PAGE_PATHS = /^\/login\/?$/;

/** Every HTML page of the build (their inline scripts' hashes go in the Content-Security-Policy). */
export const SITE_PAGE_FILES = [APP_PAGE_FILE, SIGN_IN_PAGE_FILE, REQUEST_PAGE_FILE] as const;

/** The page a browser gets for an address that names no file of the build. */
export function sitePageFor(pathname: string): string {
  if (isRequestPagePath(pathname)) return REQUEST_PAGE_FILE;
  if (SIGN_IN_PAGE_PATHS.test(pathname)) return SIGN_IN_PAGE_FILE;
  return APP_PAGE_FILE;
}

/**
 * The same choice as a CloudFront Function (ES 5.1: no const, no arrow functions): an address whose last
 * segment has no dot is a page, the rest are files.
 */
export const SITE_ROUTING_FUNCTION = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (${REQUEST_PAGE_PATHS}.test(request.uri)) request.uri = '${REQUEST_PAGE_FILE}';
  else if (${SIGN_IN_PAGE_PATHS}.test(request.uri)) request.uri = '${SIGN_IN_PAGE_FILE}';
  else if (last.indexOf('.') === -1) request.uri = '${APP_PAGE_FILE}';
  return request;
}`;
