/**
 * Acknowledged findings of cdk-nag's AwsSolutions checks (infra/test/nag.test.ts runs them on the
 * whole app): each one next to the resource it is about, with the reason it stays. Written with
 * CDK's own Validations API, so the app itself does not depend on cdk-nag.
 */
import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/** How cdk-nag names a resource's attribute in a finding: `<LogicalId.Attr>`. */
export function nagRef(resource: IConstruct, attribute = 'Arn'): string {
  const element = (resource.node.defaultChild ?? resource) as CfnElement;
  return `<${Stack.of(element).getLogicalId(element)}.${attribute}>`;
}

/** Every function's role: the AWS-managed basic execution policy (writing its own logs). */
export const BASIC_EXECUTION_REASON =
  'AWSLambdaBasicExecutionRole only lets the function write its CloudWatch logs (CreateLogGroup, ' +
  'CreateLogStream, PutLogEvents); AWS maintains it and it grants nothing on application data.';
export const BASIC_EXECUTION =
  'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';
