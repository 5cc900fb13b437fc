/**
 * Web Push's VAPID keys in AWS (constructs/vapid-keys.ts, decisions D40): a retained secret, a
 * custom resource that fills it once and answers the public key, which config.json carries; a
 * function that declares the need `push` may read that secret and nothing else of Secrets Manager.
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { describe, expect, test } from 'vitest';
import { TandemFunction } from '../src/constructs/tandem-function.ts';
import { VapidKeys } from '../src/constructs/vapid-keys.ts';
import { buildTandem, firstRef, ofType, resourcesOf } from './support.ts';

const tandem = buildTandem();
const data = resourcesOf(tandem.data);

describe('the VAPID keys', () => {
  const [secretId, secret] = ofType(data, 'AWS::SecretsManager::Secret')[0]!;
  const [, resource] = ofType(data, 'Custom::TandemVapidKeys')[0]!;

  test('live in one Secrets Manager secret kept when the stack goes', () => {
    expect(ofType(data, 'AWS::SecretsManager::Secret')).toHaveLength(1);
    expect(secret.DeletionPolicy).toBe('Retain');
    expect(secret.UpdateReplacePolicy).toBe('Retain');
  });

  test('are made by a custom resource whose function may read and write only that secret', () => {
    expect(firstRef(resource.Properties?.SecretArn)).toBe(secretId);
    const fnId = firstRef(resource.Properties?.ServiceToken)!;
    const fn = data[fnId]!;
    expect(String(fn.Properties?.Description)).toMatch(/\(core\/push\/vapid-resource\)$/);
    const role = firstRef(fn.Properties?.Role)!;
    const statements = ofType(data, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties?.Roles ?? []).includes(`"${role}"`))
      .flatMap(
        ([, p]) => (p.Properties!.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement,
      )
      .filter((s) => JSON.stringify(s.Action).includes('secretsmanager:'));
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) expect(firstRef(s.Resource)).toBe(secretId);
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    expect(actions).toEqual(
      expect.arrayContaining(['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']),
    );
  });

  test('config.json carries the public key the resource answers', () => {
    const publicKey = Stack.of(tandem.data).resolve(tandem.web.runtimeConfig.vapidPublicKey);
    expect(JSON.stringify(publicKey)).toContain('PublicKey');
    expect(JSON.stringify(Template.fromStack(tandem.web).toJSON())).toContain('vapidPublicKey');
  });

  test('a function that declares `push` gets the secret as VAPID_SECRET_ARN and may only read it', () => {
    const stack = new Stack();
    const table = new dynamodb.TableV2(stack, 'T', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
    });
    const keys = new VapidKeys(stack, 'Keys');
    const backend = { app: { appUrl: 'https://x.example', buildVersion: '1' }, table, vapid: keys.secret };
    new TandemFunction(stack, 'Sender', { module: 'http/push/register-subscription' }).connect(backend, [
      'table:read',
      'push',
    ]);
    new TandemFunction(stack, 'Other', { module: 'http/push/unregister-subscription' }).connect(backend, [
      'table:read',
      'table:write',
    ]);
    const t = Template.fromStack(stack).toJSON() as {
      Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
    };
    const envOf = (id: string) =>
      Object.entries(t.Resources).find(([k, r]) => k.startsWith(id) && r.Type === 'AWS::Lambda::Function')![1]
        .Properties!.Environment as { Variables: Record<string, unknown> };
    expect(Object.keys(envOf('Sender').Variables)).toContain('VAPID_SECRET_ARN');
    expect(Object.keys(envOf('Other').Variables)).not.toContain('VAPID_SECRET_ARN');
    const secretActions = (roleOf: string) =>
      Object.values(t.Resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties?.Roles).includes(roleOf))
        .flatMap(
          (r) =>
            (r.Properties!.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement,
        )
        .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]))
        .filter((a) => a.startsWith('secretsmanager:'))
        .sort();
    expect(secretActions('SenderServiceRole')).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
    ]);
    expect(secretActions('OtherServiceRole')).toEqual([]);
  });
});
