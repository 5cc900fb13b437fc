/**
 * The web application firewall in front of CloudFront. A CLOUDFRONT-scope web ACL can only be made in
 * us-east-1, so it has a stack of its own there; EdgeStack reads its ARN through CDK's cross-region
 * reference (an SSM parameter written here and read there at deploy time). The rules: AWS's managed
 * IP reputation, known bad inputs and common rule sets, and a per-address rate limit.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests one address may send to the whole site in any 5 minutes before it is blocked for a while. */
export const EDGE_RATE_LIMIT = 2000;

/**
 * Rules of the common rule set that only count, never block: the API refuses oversized bodies itself
 * with its own error body (MAX_JSON_BODY_BYTES, the avatar upload's limit), and the common set's 8 KB
 * body cap would refuse a legitimate avatar upload.
 */
export const COUNT_ONLY_COMMON_RULES = ['SizeRestrictions_BODY'] as const;

const visibility = (metricName: string) => ({
  metricName,
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
});

export class FirewallStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    const managed = (priority: number, name: string, countOnly: readonly string[] = []) => ({
      name,
      priority,
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(countOnly.length > 0
            ? { ruleActionOverrides: countOnly.map((r) => ({ name: r, actionToUse: { count: {} } })) }
            : {}),
        },
      },
      overrideAction: { none: {} },
      visibilityConfig: visibility(name),
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'EdgeFirewall', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Tandem site, API and WebSocket: AWS managed rules and a per-address rate limit',
      visibilityConfig: visibility('TandemEdge'),
      rules: [
        managed(0, 'AWSManagedRulesAmazonIpReputationList'),
        managed(1, 'AWSManagedRulesKnownBadInputsRuleSet'),
        managed(2, 'AWSManagedRulesCommonRuleSet', COUNT_ONLY_COMMON_RULES),
        {
          name: 'PerAddressRate',
          priority: 3,
          statement: { rateBasedStatement: { limit: EDGE_RATE_LIMIT, aggregateKeyType: 'IP' } },
          action: { block: {} },
          visibilityConfig: visibility('EdgePerAddressRate'),
        },
      ],
    });
  }
}
