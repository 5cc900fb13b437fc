/**
 * The engines as the handlers see them: the table with its indexes and TTL, and the attachments bucket
 * answering the browser's CORS preflight and presigned PUT/GET from the app's origin.
 */
import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { tableDefinition } from '@tandem/functions/db/table';
import { describe, expect, it } from 'vitest';

const env = process.env as Record<string, string>;
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('local engines', () => {
  it('has the table with its indexes, its stream and TTL on', async () => {
    const db = new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: env.AWS_REGION, credentials });
    const t = await db.send(new DescribeTableCommand({ TableName: env.TABLE_NAME }));
    // The live updates read it (docs/realtime.md).
    expect(t.Table?.StreamSpecification).toEqual({
      StreamEnabled: true,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    });
    expect(t.Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual(
      tableDefinition.globalIndexes.map((g) => g.name).sort(),
    );
    const ttl = await db.send(new DescribeTimeToLiveCommand({ TableName: env.TABLE_NAME }));
    expect(ttl.TimeToLiveDescription).toMatchObject({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: tableDefinition.ttlAttribute,
    });
    db.destroy();
  });

  it('lets the app origin upload and read with presigned URLs', async () => {
    const s3 = new S3Client({
      endpoint: env.S3_ENDPOINT,
      region: env.AWS_REGION,
      credentials,
      forcePathStyle: true,
    });
    const Key = `test/${Date.now()}.txt`;
    const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: env.ATTACHMENTS_BUCKET, Key }), {
      expiresIn: 60,
    });

    const preflight = await fetch(put, {
      method: 'OPTIONS',
      headers: {
        origin: env.APP_URL!,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const postPreflight = await fetch(`${env.S3_ENDPOINT}/${env.ATTACHMENTS_BUCKET}`, {
      method: 'OPTIONS',
      headers: { origin: env.APP_URL!, 'access-control-request-method': 'POST' },
    });
    expect(postPreflight.status).toBe(200);
    const otherOrigin = await fetch(put, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(otherOrigin.status).toBe(403);

    const up = await fetch(put, {
      method: 'PUT',
      body: 'hello',
      headers: { origin: env.APP_URL!, 'content-type': 'text/plain' },
    });
    expect(up.status).toBe(200);
    expect(up.headers.get('access-control-allow-origin')).toBe(env.APP_URL);
    const get = await getSignedUrl(s3, new GetObjectCommand({ Bucket: env.ATTACHMENTS_BUCKET, Key }), {
      expiresIn: 60,
    });
    expect(await (await fetch(get)).text()).toBe('hello');
    s3.destroy();
  });
});
