/**
 * Alarms, all to one SNS topic (subscribe to it after deploying: docs/operations.md lists each alarm
 * and what to do when it fires). Deployed last: it only watches the other stacks.
 */
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

export interface MonitoringStackProps extends StackProps {
  readonly httpApiId: string;
  readonly webSocketApiId: string;
  readonly table: dynamodb.ITableV2;
  readonly jobs: readonly lambda.IFunction[];
  readonly deadLetters: sqs.IQueue;
  /** Stream batches the live-update consumer gave up on (RealtimeStack). */
  readonly liveDeadLetters: sqs.IQueue;
  /** Whether SES sends for the app (its reputation alarms make sense only then). */
  readonly mail: boolean;
}

/** Alarm names; docs/operations.md has a section for each. */
export const ALARMS = {
  lambdaErrors: 'LambdaErrors',
  lambdaThrottles: 'LambdaThrottles',
  jobErrors: 'JobErrors',
  http5xx: 'Api5xx',
  webSocketErrors: 'WebSocketErrors',
  tableThrottles: 'TableThrottles',
  tableSystemErrors: 'TableSystemErrors',
  deadLetters: 'DeadLetters',
  liveDeadLetters: 'LiveDeadLetters',
  sesBounces: 'SesBounceRate',
  sesComplaints: 'SesComplaintRate',
} as const;

const FIVE_MINUTES = Duration.minutes(5);

export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Tandem alarms', enforceSSL: true });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry no user data (alarm name, metric, threshold). CloudWatch can publish ' +
        "to an encrypted topic only with a customer managed key whose policy admits it, a key we'd run " +
        'for no data worth protecting.',
    );
    const action = new SnsAction(this.topic);
    const alarm = (
      name: string,
      metric: cloudwatch.IMetric,
      threshold: number,
      description: string,
      opts: { periods?: number } = {},
    ) => {
      const a = new cloudwatch.Alarm(this, name, {
        alarmName: `${this.stackName}-${name}`,
        alarmDescription: `${description} See docs/operations.md, "${name}".`,
        metric,
        threshold,
        evaluationPeriods: opts.periods ?? 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      this.alarms.push(a);
      return a;
    };
    const sum = (namespace: string, metricName: string, dimensionsMap?: Record<string, string>) =>
      new cloudwatch.Metric({ namespace, metricName, dimensionsMap, statistic: 'Sum', period: FIVE_MINUTES });

    // Lambda, for every function of the region (one app per account and region is the deployment model).
    alarm(
      ALARMS.lambdaErrors,
      sum('AWS/Lambda', 'Errors'),
      10,
      'Functions failed 10 or more times in 5 minutes.',
    );
    alarm(
      ALARMS.lambdaThrottles,
      sum('AWS/Lambda', 'Throttles'),
      1,
      'Lambda refused invocations (concurrency).',
    );
    alarm(
      ALARMS.jobErrors,
      new cloudwatch.MathExpression({
        expression: props.jobs.map((_f, i) => `j${i}`).join(' + ') || '0',
        usingMetrics: Object.fromEntries(
          props.jobs.map((f, i) => [`j${i}`, f.metricErrors({ statistic: 'Sum', period: FIVE_MINUTES })]),
        ),
        period: FIVE_MINUTES,
      }),
      1,
      'A scheduled job failed.',
    );

    alarm(
      ALARMS.http5xx,
      sum('AWS/ApiGateway', '5xx', { ApiId: props.httpApiId, Stage: '$default' }),
      5,
      'The HTTP API answered 5xx 5 or more times in 5 minutes.',
    );
    alarm(
      ALARMS.webSocketErrors,
      new cloudwatch.MathExpression({
        expression: 'integration + execution',
        usingMetrics: {
          integration: sum('AWS/ApiGateway', 'IntegrationError', {
            ApiId: props.webSocketApiId,
            Stage: 'ws',
          }),
          execution: sum('AWS/ApiGateway', 'ExecutionError', { ApiId: props.webSocketApiId, Stage: 'ws' }),
        },
        period: FIVE_MINUTES,
      }),
      5,
      'WebSocket messages failed in API Gateway or in their handler 5 or more times in 5 minutes.',
    );

    const operations = [
      dynamodb.Operation.GET_ITEM,
      dynamodb.Operation.QUERY,
      dynamodb.Operation.BATCH_GET_ITEM,
      dynamodb.Operation.PUT_ITEM,
      dynamodb.Operation.UPDATE_ITEM,
      dynamodb.Operation.DELETE_ITEM,
      dynamodb.Operation.BATCH_WRITE_ITEM,
      dynamodb.Operation.TRANSACT_WRITE_ITEMS,
    ];
    alarm(
      ALARMS.tableThrottles,
      props.table.metricThrottledRequestsForOperations({ operations, period: FIVE_MINUTES }),
      1,
      'DynamoDB throttled requests to the table.',
    );
    alarm(
      ALARMS.tableSystemErrors,
      props.table.metricSystemErrorsForOperations({ operations, period: FIVE_MINUTES }),
      1,
      'DynamoDB failed requests on its side (HTTP 500).',
    );

    alarm(
      ALARMS.deadLetters,
      props.deadLetters.metricApproximateNumberOfMessagesVisible({
        statistic: 'Maximum',
        period: FIVE_MINUTES,
      }),
      1,
      'A failed job run is waiting in the dead-letter queue.',
    );
    alarm(
      ALARMS.liveDeadLetters,
      props.liveDeadLetters.metricApproximateNumberOfMessagesVisible({
        statistic: 'Maximum',
        period: FIVE_MINUTES,
      }),
      1,
      'Live updates the stream consumer could not deliver are waiting in its dead-letter queue.',
    );

    if (props.mail) {
      const rate = (metricName: string) =>
        new cloudwatch.Metric({
          namespace: 'AWS/SES',
          metricName,
          statistic: 'Maximum',
          period: Duration.hours(1),
        });
      // SES reviews an account from 5% bounces and 0.1% complaints; these fire well before.
      alarm(ALARMS.sesBounces, rate('Reputation.BounceRate'), 0.04, 'SES bounce rate reached 4%.');
      alarm(
        ALARMS.sesComplaints,
        rate('Reputation.ComplaintRate'),
        0.0008,
        'SES complaint rate reached 0.08%.',
      );
    }

    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'Subscribe an address to receive the alarms',
    });
  }
}
