/**
 * cdk-nag's AwsSolutions checks on the whole synthesised app: every finding is fixed, or
 * acknowledged in code next to its resource with a reason (infra/src/nag.ts, docs/decisions.md D29).
 */
import * as iam from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { expect, test } from 'vitest';
import { buildTandem, type Settings } from './support.ts';

const findings = (settings: Settings) => {
  const tandem = buildTandem({ settings });
  const report = new AwsSolutionsChecks(tandem.app).validateScope(tandem.app);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.ruleName} at ${(r as { constructPath?: string }).constructPath}`),
  );
};

test('the app as deployed with a sender domain passes the AwsSolutions checks', () => {
  expect(findings({ mailDomain: 'tandem.example' })).toEqual([]);
}, 120_000);

test('the app without a sender passes them too', () => {
  expect(findings({})).toEqual([]);
}, 120_000);

test('a new wildcard grant is reported (the checks really run)', () => {
  const tandem = buildTandem({});
  const role = tandem.jobs.node.findAll().find((c): c is iam.Role => c instanceof iam.Role)!;
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['dynamodb:*'], resources: ['*'] }));
  const report = new AwsSolutionsChecks(tandem.app).validateScope(tandem.app);
  expect(report.violations.map((v) => v.ruleName)).toContain('AwsSolutions-IAM5[Action::dynamodb:*]');
}, 120_000);
