/**
 * CloudFront's access logs (standard logging v2), configured where CloudFront's log deliveries must
 * be: us-east-1. Unlike the legacy S3 logs, v2 lets us choose the fields, and the chosen ones never
 * carry a token: not the path (`/api/v1/calendar/feed/{token}`), not the query string (the
 * WebSocket's `?token=`, an invitation page's `?key=`), not the Referer (the page's address again)
 * nor cookies. Which route a request took is in the API's own access log.
 */
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** The fields each line has, in order (names as CloudFront's standard logging v2 spells them). */
export const CLOUDFRONT_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-request-id',
  'c-ip',
  'x-forwarded-for',
  'cs-method',
  'x-host-header',
  'cs-protocol',
  'cs-protocol-version',
  'sc-status',
  'sc-bytes',
  'cs-bytes',
  'time-taken',
  'time-to-first-byte',
  'x-edge-location',
  'x-edge-result-type',
  'x-edge-response-result-type',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'ssl-protocol',
  'cs(User-Agent)',
] as const;

/** Fields that would carry a token (or a page path with one), never to be logged. */
export const CLOUDFRONT_TOKEN_FIELDS = ['cs-uri-stem', 'cs-uri-query', 'cs(Referer)', 'cs(Cookie)'] as const;

export interface EdgeLogsStackProps extends StackProps {
  readonly distributionId: string;
  /** Prefix of the delivery names, which are unique per account and region. */
  readonly namePrefix: string;
}

export class EdgeLogsStack extends Stack {
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: EdgeLogsStackProps) {
    super(scope, id, props);
    this.logGroup = new logs.LogGroup(this, 'CloudFrontAccessLogs', {
      // Under /aws/vendedlogs/ CloudWatch Logs keeps one resource policy for all such deliveries.
      logGroupName: `/aws/vendedlogs/${props.namePrefix}/cloudfront`,
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const source = new logs.CfnDeliverySource(this, 'DistributionLogs', {
      name: `${props.namePrefix}-cloudfront`,
      logType: 'ACCESS_LOGS',
      resourceArn: this.formatArn({
        service: 'cloudfront',
        region: '',
        resource: 'distribution',
        resourceName: props.distributionId,
      }),
    });
    const destination = new logs.CfnDeliveryDestination(this, 'LogGroupDestination', {
      name: `${props.namePrefix}-cloudfront-logs`,
      destinationResourceArn: this.logGroup.logGroupArn,
    });
    const delivery = new logs.CfnDelivery(this, 'Delivery', {
      deliverySourceName: source.name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...CLOUDFRONT_LOG_FIELDS],
    });
    delivery.addDependency(source);
    delivery.addDependency(destination);
  }
}
