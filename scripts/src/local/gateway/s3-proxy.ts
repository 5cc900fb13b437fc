/**
 * The attachments bucket on the app's origin: `<app>/<bucket>/…` is passed, path and query as they
 * are, to s3rver. The handlers' S3 endpoint is the gateway (path-style), so the presigned links they
 * hand to the browser (avatars) name the app's origin too, and one port is all a browser needs.
 * s3rver checks no V4 signature (engines/s3.ts), so the changed Host does not matter to it.
 */
import type { ExtraHandler } from './index.ts';
import { forwardTo } from './proxy.ts';

/** `target`: s3rver's origin (http://127.0.0.1:<port>). */
export function s3Proxy(target: string, bucket: string): ExtraHandler {
  // As S3 answers when it cannot serve: the handlers see an S3 outage (503), as in AWS.
  const forward = forwardTo(target, 's3rver', (res) =>
    res
      .writeHead(503, { 'content-type': 'application/xml', 'retry-after': '5' })
      .end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>ServiceUnavailable</Code><Message>The storage service is not reachable.</Message></Error>',
      ),
  );
  const prefix = `/${bucket}`;
  return (req, res) => {
    const raw = req.url ?? '/';
    const pathname = raw.split('?')[0]!;
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return false;
    forward(req, res, raw);
    return true;
  };
}
