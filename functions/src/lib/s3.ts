/**
 * S3 client, built once per container on its first use; path-style locally (s3rver), SDK defaults in
 * AWS. The SDK's S3 package is loaded then too, not when the function's bundle is imported: most
 * functions that can touch the bucket (the request links' reads, the attachment lists, the live
 * stream) do so only for some calls, and loading it took about as long as the rest of their import
 * (docs/decisions.md D87). Callers take the commands they send from `s3Sdk()`; infra's needs scan
 * reads each `new XCommand(` where it is written, so a handler is credited with what it sends.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { env } from './env.ts';
import { ENGINE_HTTP_OPTIONS, tagEngine } from './failures.ts';

/** The SDK's S3 package, loaded on the first call (Node keeps it loaded). */
export const s3Sdk = () => import('@aws-sdk/client-s3');

let client: Promise<S3Client> | undefined;

/** The container's S3 client (its package loaded on the first call; a failed load is tried again). */
export function s3Client(): Promise<S3Client> {
  client ??= s3Sdk().then(
    ({ S3Client }) => {
      const endpoint = env.s3Endpoint;
      return tagEngine(
        new S3Client({
          region: env.region,
          requestHandler: ENGINE_HTTP_OPTIONS,
          ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
        }),
        'S3',
      );
    },
    (e: unknown) => {
      client = undefined;
      throw e;
    },
  );
  return client;
}
