/**
 * The KMS key of calendar connections' secrets (decisions D75): made by the data stack, rotated,
 * retained with the data; only the functions that seal or open a connection's secret may use it
 * (GenerateDataKey and Decrypt, only with the secret box's encryption context) and know its id.
 */
import { INTEGRATION_SECRET_PURPOSE } from '@tandem/functions/core/integrations/kms';
import type { Stack } from 'aws-cdk-lib';
import { describe, expect, test } from 'vitest';
import { buildTandem, firstRef, ofType, resourcesOf } from './support.ts';

/** The functions that seal (sign-in), open (sync, revoke on removal) a connection's secret. */
const SEALERS = [
  'http/integrations/initialize-integration',
  'http/integrations/delete-integration',
  'http/integrations/sync-integration',
  'jobs/sync-calendars',
  'jobs/sync-due-calendars',
].sort();

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

describe('the integrations key', () => {
  const tandem = buildTandem();
  const stacks: Stack[] = [
    tandem.data,
    tandem.auth,
    tandem.api,
    ...tandem.api.routeStacks,
    tandem.realtime,
    tandem.jobs,
  ];

  test('one KMS key in the data stack, rotated, retained when the stack goes', () => {
    const keys = ofType(resourcesOf(tandem.data), 'AWS::KMS::Key');
    expect(keys).toHaveLength(1);
    const [, key] = keys[0]!;
    expect(key.Properties?.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
    expect(key.UpdateReplacePolicy).toBe('Retain');
    for (const s of stacks.filter((x) => x !== tandem.data))
      expect(ofType(resourcesOf(s), 'AWS::KMS::Key'), s.node.id).toEqual([]);
  });

  test('exactly the functions that seal or open secrets know the key and may use it', () => {
    const knowing: string[] = [];
    const granted: string[] = [];
    for (const stack of stacks) {
      const resources = resourcesOf(stack);
      const kmsRoles = new Set<string>();
      for (const [, policy] of ofType(resources, 'AWS::IAM::Policy')) {
        const statements = (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement;
        const kms = statements.filter((s) => JSON.stringify(s.Action).includes('kms:'));
        for (const s of kms) {
          expect([s.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
          expect(s.Condition).toEqual({
            StringEquals: { 'kms:EncryptionContext:purpose': INTEGRATION_SECRET_PURPOSE },
          });
          expect(JSON.stringify(s.Resource)).toMatch(/IntegrationsKey/);
        }
        if (kms.length > 0)
          for (const r of (policy.Properties!.Roles as unknown[]) ?? []) kmsRoles.add(firstRef(r)!);
      }
      for (const [, fn] of ofType(resources, 'AWS::Lambda::Function')) {
        const module = /\(([^()]+)\)$/.exec(String(fn.Properties?.Description))?.[1];
        if (!module) continue;
        const vars = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)
          ?.Variables;
        if (vars && 'INTEGRATIONS_KMS_KEY_ID' in vars) {
          knowing.push(module);
          expect(JSON.stringify(vars.INTEGRATIONS_KMS_KEY_ID)).toMatch(/IntegrationsKey/);
        }
        if (kmsRoles.has(firstRef(fn.Properties?.Role)!)) granted.push(module);
      }
    }
    expect(knowing.sort()).toEqual(SEALERS);
    expect(granted.sort()).toEqual(SEALERS);
  });
});
