/**
 * Live updates and chat: the WebSocket routes of the manifest, the token check on $connect, the
 * `ws` stage, and the table's stream consumer that posts changes to the sockets (docs/realtime.md).
 * Connections are stored in the table by the handlers themselves.
 */
import { LIVE_STREAM_FILTER } from '@tandem/functions/streams/filter';
import { THROTTLE_LIMITS } from '@tandem/shared/api/throttling';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AsyncWork } from '../constructs/async-work.ts';
import { type Backend, type CognitoSettings, TandemFunction } from '../constructs/tandem-function.ts';
import { needsOfFixed, needsOfWs } from '../manifest.ts';
import { acknowledge } from '../nag.ts';
import { REALTIME_STAGE } from './edge-stack.ts';

export interface RealtimeStackProps extends StackProps {
  readonly wsRoutes: Readonly<Record<string, string>>;
  /** The API created (empty) by EdgeStack. */
  readonly webSocketApiId: string;
  readonly webSocketApiEndpoint: string;
  readonly backend: Backend & { readonly cognito: CognitoSettings };
  /** EdgeStack's originVerifySecret: $connect is refused unless it came through CloudFront. */
  readonly originVerifySecret: string;
  /**
   * Set the account's API Gateway CloudWatch role (an account-wide setting the WebSocket stage's access
   * logs need); false where the account already has one (config `tandem:apiGatewayLogsRole=existing`).
   */
  readonly apiGatewayLogsRole: boolean;
  /** The table, with its stream (DataStack), that the stream consumer reads. */
  readonly table: dynamodb.ITableV2;
  /** Reserved concurrency of the stream consumer (config `tandem:asyncReservedConcurrency`); unset: none. */
  readonly reservedConcurrency?: number;
}

/**
 * One JSON line per WebSocket event. Nothing of the request itself: the access token travels in the
 * `$connect` query string, so no query string, path or header variable appears here.
 */
export const WS_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  time: '$context.requestTime',
  eventType: '$context.eventType',
  route: '$context.routeKey',
  connectionId: '$context.connectionId',
  status: '$context.status',
  integrationLatencyMs: '$context.integrationLatency',
  error: '$context.error.message',
  authorizerError: '$context.authorizer.error',
} as const;

const constructId = (name: string) =>
  name.replace(/(^|[^A-Za-z0-9])([a-z])/g, (_m, _s, c: string) => c.toUpperCase());

/**
 * The stream records the consumer is given, by their sort key (functions/src/streams/filter.ts, the
 * one definition the local runner reads too): tasks, groups, placements, chat messages and notifications, so the other items'
 * changes (connections, users) never start it.
 */
export { LIVE_STREAM_FILTER };

export class RealtimeStack extends Stack {
  readonly stage: apigwv2.WebSocketStage;
  /** The stream consumer (functions/src/streams/live.ts). */
  readonly live: TandemFunction;
  /** Stream batches the consumer could not deliver after its retries (their shard positions). */
  readonly liveDeadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const webSocketApi = apigwv2.WebSocketApi.fromWebSocketApiAttributes(this, 'WebSocketApi', {
      webSocketId: props.webSocketApiId,
      apiEndpoint: props.webSocketApiEndpoint,
    });
    // Auto-deploy publishes route changes without a Deployment resource to keep in step.
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi,
      stageName: REALTIME_STAGE,
      autoDeploy: true,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(
          new logs.LogGroup(this, 'AccessLogs', {
            retention: logs.RetentionDays.THREE_MONTHS,
            removalPolicy: RemovalPolicy.RETAIN,
          }),
        ),
        format: AccessLogFormat.custom(JSON.stringify(WS_ACCESS_LOG_FIELDS)),
      },
      // All callers together (THROTTLE_LIMITS; the local gateway enforces the same).
      throttle: {
        rateLimit: THROTTLE_LIMITS.webSocketStage.rate,
        burstLimit: THROTTLE_LIMITS.webSocketStage.burst,
      },
    });
    // A WebSocket stage logs through the account's API Gateway CloudWatch role (HTTP APIs need none).
    if (props.apiGatewayLogsRole) this.stage.node.addDependency(this.accountLogsRole());

    const backend: Backend = {
      ...props.backend,
      realtime: {
        endpoint: this.stage.callbackUrl,
        grantPost: (g) => this.stage.grantManagementApiAccess(g),
        // The same connections as EdgeStack's grant names.
        connectionsArnForNag: props.backend.realtime?.connectionsArnForNag ?? '',
      },
    };

    // Browsers cannot set headers on a WebSocket, so the access token comes in the query string.
    const authorize = new TandemFunction(this, 'Authorize', {
      module: 'ws/authorize',
      description: 'Checks the Cognito access token of a WebSocket connection',
    }).connect(backend, needsOfFixed('ws/authorize'));
    authorize.addEnvironment('ORIGIN_VERIFY_SECRET', props.originVerifySecret);
    const authorizer = new WebSocketLambdaAuthorizer('TokenAuthorizer', authorize, {
      identitySource: ['route.request.querystring.token'],
    });

    for (const [routeKey, module] of Object.entries(props.wsRoutes)) {
      const name = constructId(module);
      const fn = new TandemFunction(this, name, {
        module: `ws/${module}`,
        description: `WebSocket ${routeKey} (ws/${module})`,
      }).connect(backend, needsOfWs(module));
      const route = new apigwv2.WebSocketRoute(this, `${name}Route`, {
        webSocketApi,
        routeKey,
        integration: new WebSocketLambdaIntegration(`${name}Integration`, fn),
        // API Gateway runs an authorizer on $connect only; later frames ride on that connection.
        authorizer: routeKey === '$connect' ? authorizer : undefined,
      });
      if (routeKey !== '$connect') {
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          'API Gateway runs a WebSocket authorizer on $connect only; every later frame travels on a ' +
            'connection whose token was checked there.',
        );
      }
      // The stage's first auto-deployment must see every route.
      this.stage.node.addDependency(route);
    }

    // The stream consumer: one function for every change of the table (filtered to tasks and chat messages).
    this.live = new TandemFunction(this, 'Live', {
      module: 'streams/live',
      description:
        'Sends live task and chat updates to the sockets of everyone who can see the task (streams/live)',
      timeout: Duration.seconds(60),
    }).connect(backend, needsOfFixed('streams/live'));
    // Its dead letters and retries are those of every asynchronous function (constructs/async-work.ts).
    const work = new AsyncWork(this, 'LiveAsync', { reservedConcurrency: props.reservedConcurrency });
    this.liveDeadLetters = work.deadLetters;
    work.streamConsumer(this.live, props.table, {
      startingPosition: lambda.StartingPosition.LATEST,
      // A write is on screens within a fraction of a second; no batching window.
      maxBatchingWindow: Duration.seconds(0),
      // A live update older than this is of no use: the clients have revalidated by then.
      maxRecordAge: Duration.hours(1),
      filters: [lambda.FilterCriteria.filter(LIVE_STREAM_FILTER)],
    });
  }

  /** The account's API Gateway logging role: CloudWatch Logs writes only, through AWS's managed policy. */
  private accountLogsRole(): CfnAccount {
    const role = new iam.Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
      description: "API Gateway's account-wide role for writing stage access logs to CloudWatch Logs",
    });
    // Kept when the stack goes: the account setting may be used by other APIs by then.
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledge(
      role,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      "AWS's managed policy for exactly this role: API Gateway creating and writing its log groups, nothing else.",
    );
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);
    return account;
  }
}
