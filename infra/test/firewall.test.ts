/**
 * Issue 19 item 3: a web application firewall on CloudFront (in us-east-1, read across regions), and
 * the APIs' own execute-api addresses useless around it: CloudFront sends a secret header the
 * handlers check (functions/test/unit/origin-verify.test.ts checks the refusing).
 */
import { ORIGIN_VERIFY_HEADER } from '@tandem/shared/api/security-headers';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, test } from 'vitest';
import { EDGE_RATE_LIMIT } from '../src/stacks/firewall-stack.ts';
import { buildTandem, ofType, type Resources, resourcesOf } from './support.ts';

// biome-ignore lint/suspicious/noExplicitAny: template JSON, read by path
type Json = Record<string, any>;

const env = { account: '123456789012', region: 'eu-west-1' };
const tandem = buildTandem({ env });

const distributionConfig = (resources: Resources) =>
  ofType(resources, 'AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as Record<
    string,
    unknown
  >;

describe('the firewall', () => {
  test('is a CLOUDFRONT web ACL in us-east-1 with the managed rule groups and a per-address rate', () => {
    expect(tandem.firewall?.region).toBe('us-east-1');
    const [, acl] = ofType(resourcesOf(tandem.firewall!), 'AWS::WAFv2::WebACL')[0]!;
    const props = acl.Properties as { Scope: string; Rules: Json[] };
    expect(props.Scope).toBe('CLOUDFRONT');
    const groups = props.Rules.map((r) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean);
    expect(groups).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'AWSManagedRulesCommonRuleSet',
    ]);
    const rate = props.Rules.find((r) => r.Statement.RateBasedStatement);
    expect(rate?.Statement.RateBasedStatement).toEqual({ Limit: EDGE_RATE_LIMIT, AggregateKeyType: 'IP' });
    expect(rate?.Action).toEqual({ Block: {} });
    // An avatar upload is larger than the common set's 8 KB body cap: that rule only counts.
    const common = props.Rules.find(
      (r) => r.Statement.ManagedRuleGroupStatement?.Name === 'AWSManagedRulesCommonRuleSet',
    );
    expect(common?.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
  });

  test("is the distribution's, read from us-east-1 at deploy time", () => {
    const webAclId = distributionConfig(resourcesOf(tandem.edge)).WebACLId as {
      'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string };
    };
    expect(webAclId['Fn::GetStackOutput']).toMatchObject({
      StackName: 'TandemFirewall',
      Region: 'us-east-1',
    });
    expect(webAclId['Fn::GetStackOutput'].OutputName).toMatch(/EdgeFirewall/);
  });

  test('a web ACL named in config is used instead, and no firewall stack is made', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/central/abc';
    const own = buildTandem({ env, settings: { webAclArn: arn } });
    expect(own.firewall).toBeUndefined();
    expect(distributionConfig(resourcesOf(own.edge)).WebACLId).toBe(arn);
  });

  // The edge and firewall stacks; nag.test.ts checks the whole app (environment-agnostic).
  test('the firewall, edge and edge-log stacks pass the AwsSolutions checks as deployed', () => {
    const checks = new AwsSolutionsChecks(tandem.app);
    const violations = [tandem.firewall!, tandem.edge, tandem.edgeLogs!].flatMap(
      (s) => checks.validateScope(s).violations,
    );
    const findings = violations.flatMap((v) =>
      v.violatingResources.map((r) => `${v.ruleName} at ${(r as { constructPath?: string }).constructPath}`),
    );
    expect(findings).toEqual([]);
  }, 120_000);
});

describe('the execute-api addresses', () => {
  const edge = resourcesOf(tandem.edge);
  const [secretId] = ofType(edge, 'AWS::SecretsManager::Secret').find(([id]) =>
    id.startsWith('OriginVerify'),
  )!;

  test('CloudFront sends the secret header to both APIs', () => {
    const origins = distributionConfig(edge).Origins as Json[];
    const apiOrigins = origins.filter((o) => o.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(2);
    for (const o of apiOrigins) {
      expect(o.OriginCustomHeaders).toHaveLength(1);
      expect(o.OriginCustomHeaders[0].HeaderName).toBe(ORIGIN_VERIFY_HEADER);
      expect(JSON.stringify(o.OriginCustomHeaders[0].HeaderValue)).toContain(secretId);
    }
  });

  test('every HTTP handler and the WebSocket authorizer know it', () => {
    const functions = [
      ...tandem.api.routeStacks.flatMap((s) => ofType(resourcesOf(s), 'AWS::Lambda::Function')),
    ];
    expect(functions.length).toBeGreaterThan(50);
    for (const [id, fn] of functions) {
      const vars = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect({ id, has: 'ORIGIN_VERIFY_SECRET' in vars }).toEqual({ id, has: true });
    }
    const realtime = Template.fromStack(tandem.realtime);
    const authorizers = realtime.findResources('AWS::Lambda::Function', {
      Properties: { Description: 'Checks the Cognito access token of a WebSocket connection' },
    });
    const [authorize] = Object.values(authorizers) as {
      Properties: { Environment: { Variables: object } };
    }[];
    expect(authorize!.Properties.Environment.Variables).toHaveProperty('ORIGIN_VERIFY_SECRET');
  });
});
