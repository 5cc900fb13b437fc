/** S3 client, built once per container; path-style locally (s3rver), SDK defaults in AWS. */
import { S3Client } from '@aws-sdk/client-s3';
import { env } from './env.ts';
import { ENGINE_HTTP_OPTIONS, tagEngine } from './failures.ts';

const endpoint = env.s3Endpoint;
export const s3 = tagEngine(
  new S3Client({
    region: env.region,
    requestHandler: ENGINE_HTTP_OPTIONS,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  }),
  'S3',
);
