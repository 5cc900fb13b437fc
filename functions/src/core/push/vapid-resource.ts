/**
 * The CloudFormation custom resource that makes the deployment's VAPID keys (docs/operations.md
 * "Web Push keys"): on create and on every update it reads the secret infra made for them, writes a
 * new pair into it only when it holds none (a new secret's random placeholder), and answers the
 * public key as the attribute `PublicKey`, which infra puts into /config.json. A pair once made is
 * never replaced by a deploy: new keys would end every device's subscription. Delete does nothing
 * (the secret is retained with the data). The answer goes to CloudFormation's presigned URL itself,
 * so no provider framework function is needed.
 */
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { logger } from '../../lib/logger.ts';
import { generateVapidKeys, parseVapidSecret } from './vapid.ts';

async function answer(
  event: CloudFormationCustomResourceEvent,
  status: 'SUCCESS' | 'FAILED',
  data: Record<string, string>,
  reason?: string,
): Promise<void> {
  const physicalId =
    'PhysicalResourceId' in event ? event.PhysicalResourceId : `vapid-keys-${event.RequestId}`;
  const body = JSON.stringify({
    Status: status,
    Reason: reason ?? 'See the function log',
    PhysicalResourceId: physicalId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
    Data: data,
  });
  const res = await fetch(event.ResponseURL, {
    method: 'PUT',
    headers: { 'content-type': '', 'content-length': String(Buffer.byteLength(body)) },
    body,
  });
  if (!res.ok) throw new Error(`CloudFormation's response URL answered ${res.status}`);
}

export async function handler(event: CloudFormationCustomResourceEvent): Promise<void> {
  try {
    if (event.RequestType === 'Delete') return await answer(event, 'SUCCESS', {});
    const secretId = String(event.ResourceProperties.SecretArn);
    const { SecretsManagerClient, GetSecretValueCommand, PutSecretValueCommand } = await import(
      '@aws-sdk/client-secrets-manager'
    );
    const client = new SecretsManagerClient({});
    const current = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    let keys = parseVapidSecret(current.SecretString);
    if (!keys) {
      keys = generateVapidKeys();
      await client.send(
        new PutSecretValueCommand({ SecretId: secretId, SecretString: JSON.stringify(keys) }),
      );
    }
    await answer(event, 'SUCCESS', { PublicKey: keys.publicKey });
  } catch (e) {
    logger.error('the VAPID keys resource failed', e);
    await answer(event, 'FAILED', {}, e instanceof Error ? e.message : String(e));
  }
}
