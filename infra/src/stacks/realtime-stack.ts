/**
 * Live updates and chat: the WebSocket routes of the manifest, the token check on $connect, the
 * `ws` stage, and the table's stream consumer that posts changes to the sockets (docs/realtime.md).
 * Connections are stored in the table by the handlers themselves.
 */
import { TASK_SORT_KEY } from '@tandem/functions/db/table';
import { THROTTLE_LIMITS } from '@tandem/shared/api/throttling';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
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
  /** The table, with its stream (DataStack), that the stream consumer reads. */
  readonly table: dynamodb.ITableV2;
}

const constructId = (name: string) =>
  name.replace(/(^|[^A-Za-z0-9])([a-z])/g, (_m, _s, c: string) => c.toUpperCase());

/**
 * The stream records the consumer is given: task items only (by their sort key), so the other items'
 * changes (placements, connections, users) never start it. The handler checks the same.
 */
export const LIVE_STREAM_FILTER = { dynamodb: { Keys: { sk: { S: [TASK_SORT_KEY] } } } } as const;

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
      // All callers together (THROTTLE_LIMITS; the local gateway enforces the same).
      throttle: {
        rateLimit: THROTTLE_LIMITS.webSocketStage.rate,
        burstLimit: THROTTLE_LIMITS.webSocketStage.burst,
      },
    });
    acknowledge(
      this.stage,
      'AwsSolutions-APIG1',
      'Known remaining work (docs/decisions.md D29): WebSocket access logs need the account-wide API ' +
        'Gateway CloudWatch role, an account setting outside this app. Connections and their ' +
        "failures are in the handlers' logs meanwhile.",
    );
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

    // The stream consumer: one function for every change of the table (filtered to tasks).
    this.live = new TandemFunction(this, 'Live', {
      module: 'streams/live',
      description: 'Sends live task updates to the sockets of everyone who can see the task (streams/live)',
      timeout: Duration.seconds(60),
    }).connect(backend, needsOfFixed('streams/live'));
    this.liveDeadLetters = new sqs.Queue(this, 'LiveDeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    acknowledge(
      this.liveDeadLetters,
      'AwsSolutions-SQS3',
      'This queue is the dead-letter queue of the stream consumer; what lands here is looked at by a ' +
        'person (docs/operations.md).',
    );
    this.live.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 100,
        // A write is on screens within a fraction of a second; no batching window.
        maxBatchingWindow: Duration.seconds(0),
        // Failed records are reported one by one; the batch is retried from the first of them.
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: 5,
        // A live update older than this is of no use: the clients have revalidated by then.
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(this.liveDeadLetters),
        filters: [lambda.FilterCriteria.filter(LIVE_STREAM_FILTER)],
      }),
    );
  }
}
