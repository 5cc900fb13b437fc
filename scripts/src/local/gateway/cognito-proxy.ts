/**
 * cognito-local on the app's origin: `<app>/cognito-idp` and everything under it is passed, as it
 * is, to cognito-local on its own port, and its answer back. The web app's Cognito endpoint
 * (config.json `cognito.endpoint`) names this path, so the browser talks to one origin on one port,
 * as it talks to cognito-idp.<region>.amazonaws.com in AWS. Nothing of it exists in AWS, where
 * config.json names no endpoint and the SDK's default is used.
 *
 * Unlike /_local/mail it answers any address: whoever may use the app may sign in to it.
 */
import type { ExtraHandler } from './index.ts';
import { forwardTo } from './proxy.ts';

export const COGNITO_PATH = '/cognito-idp';

/** `target`: cognito-local's origin (http://localhost:<port>). */
export function cognitoProxy(target: string): ExtraHandler {
  const forward = forwardTo(target, 'cognito-local', (res) =>
    // As the SDK reports a network failure; the web app shows it as "could not reach the server".
    res
      .writeHead(503, { 'content-type': 'application/x-amz-json-1.1', 'retry-after': '5' })
      .end(JSON.stringify({ __type: 'NetworkError', message: 'The sign-in service is not reachable.' })),
  );
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== COGNITO_PATH && !url.pathname.startsWith(`${COGNITO_PATH}/`)) return false;
    forward(req, res, (url.pathname.slice(COGNITO_PATH.length) || '/') + url.search);
    return true;
  };
}
