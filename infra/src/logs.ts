/** Where the app's buckets write their server access logs: one private log bucket per stack. */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { acknowledge } from './nag.ts';

/** The stack's access-log bucket, created on first use. Logs are kept 90 days. */
export function accessLogBucket(scope: Construct): s3.Bucket {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('AccessLogs') as s3.Bucket | undefined;
  if (existing) return existing;
  const bucket = new s3.Bucket(stack, 'AccessLogs', {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    // S3 log delivery writes with SSE-S3 only.
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ expiration: Duration.days(90) }],
    // Kept when the stack goes: they may be needed to look into what happened before.
    removalPolicy: RemovalPolicy.RETAIN,
  });
  acknowledge(
    bucket,
    'AwsSolutions-S1',
    'This is the access-log bucket itself; logging its own access would log the log deliveries.',
  );
  return bucket;
}
