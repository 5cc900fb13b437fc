/**
 * The one Lambda construct of Tandem: house defaults (Node 24 on arm64, bundled ESM, a log group
 * with retention) and intent methods that grant access and set the matching environment variable
 * together, so a function can never hold a permission without knowing the resource, or the reverse.
 * The variable names are the ones `functions/src/lib/env.ts` reads.
 */
import { join } from 'node:path';
import { INTEGRATION_SECRET_PURPOSE } from '@tandem/functions/core/integrations/kms';
import type { Need } from '@tandem/shared/api/needs';
import { type App, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { bundleDir } from '../bundles.ts';
import { acknowledge, BASIC_EXECUTION, BASIC_EXECUTION_REASON, nagRef } from '../nag.ts';

/** Settings every function gets: where the app lives and which build is running. */
export interface AppSettings {
  readonly appUrl: string;
  readonly buildVersion: string;
  /** INTERNAL_ACCOUNTS: the allow-list of internal accounts (configuration, never code). */
  readonly internalAccounts?: string;
  /** The AI connector's Amazon Bedrock model id (functions/src/core/ai/connector.ts); unset: none. */
  readonly bedrockModel?: string;
  /** AGENDA_ACCOUNTS: who may use agendas (empty: everyone; decisions D67). */
  readonly agendaAccounts?: string;
}

/** The user pool whose access tokens handlers verify (the WebSocket authorizer) or read. */
export interface CognitoSettings {
  readonly userPoolId: string;
  readonly clientId: string;
  readonly issuer: string;
}

export interface Mailer {
  readonly from: string;
  readonly identity: ses.IEmailIdentity;
}

/** Posting to WebSocket connections through the API Gateway management API. */
export interface RealtimeSettings {
  readonly endpoint: string;
  grantPost(grantee: iam.IGrantable): iam.Grant;
  /** The connections ARN as cdk-nag prints it in a finding. */
  readonly connectionsArnForNag: string;
}

/** Everything a handler may be wired to; `connect` wires whatever is present. */
export interface Backend {
  readonly app: AppSettings;
  readonly table: dynamodb.ITableV2;
  readonly attachments?: s3.IBucket;
  readonly mail?: Mailer;
  readonly cognito?: CognitoSettings;
  readonly realtime?: RealtimeSettings;
  /** The secret holding Web Push's VAPID keys (constructs/vapid-keys.ts). */
  readonly vapid?: secretsmanager.ISecret;
  /** The KMS key sealing calendar connections' secrets (DataStack; D75). */
  readonly integrationsKey?: kms.IKey;
}

export interface TandemFunctionProps {
  /** Module under functions/src without extension, e.g. `http/user/get-config`; it exports `handler`. */
  readonly module: string;
  readonly description?: string;
  /** MB; 512 unless the route says otherwise (more memory also means more CPU on Lambda). */
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /** A role shared by many functions (one per route stack keeps the resource count down). */
  readonly role?: iam.IRole;
}

/** The folder of the cdk output where the one build writes every function's bundle. */
export const BUNDLES_FOLDER = 'tandem-bundles';

/** Where the bundles of the app `scope` belongs to are written: inside its cdk output folder. */
export const bundlesDir = (scope: Construct): string => join((scope.node.root as App).outdir, BUNDLES_FOLDER);

const STUB = lambda.Code.fromInline(
  'exports.handler = async () => { throw new Error("handler not built"); };',
);

export class TandemFunction extends lambda.Function {
  constructor(scope: Construct, id: string, props: TandemFunctionProps) {
    // Created here rather than left to Lambda so retention applies from the first invocation.
    // Logs are operational, not user data: they go with the function instead of lingering.
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      handler: 'index.handler',
      // The bundle from the one esbuild build of every function (infra/src/bundles.ts). A synth
      // that skips bundling (the infra tests set `aws:cdk:bundling-stacks` to []) gets a stub
      // instead; a real synth fails on a missing handler (infra/bin/app.ts names them all).
      code: Stack.of(scope).bundlingRequired
        ? lambda.Code.fromAsset(bundleDir(bundlesDir(scope), props.module))
        : STUB,
      // Lambda refuses descriptions over 256 characters.
      description: (props.description ?? props.module).slice(0, 256),
      runtime: lambda.Runtime.NODEJS_24_X,
      // Graviton: a lower price per GB-second, and nothing here needs x86.
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      role: props.role,
      logGroup,
      // X-Ray traces of each invocation and its AWS SDK calls' timing.
      tracing: lambda.Tracing.ACTIVE,
      // Stack traces in the log point at the TypeScript source.
      environment: { NODE_OPTIONS: '--enable-source-maps' },
    });
    if (this.role) {
      acknowledge(this.role, BASIC_EXECUTION, BASIC_EXECUTION_REASON);
      acknowledge(
        this.role,
        'AwsSolutions-IAM5[Resource::*]',
        'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords take no resource (X-Ray has ' +
          'no resource-level permissions for them). CDK adds exactly these two.',
      );
    }
  }

  /**
   * The table (TABLE_NAME) with only the DynamoDB actions the needs name (@tandem/shared/api/needs):
   * readers get GetItem, Query and BatchGetItem; writers also PutItem, UpdateItem, DeleteItem,
   * ConditionCheckItem and TransactWriteItems; BatchWriteItem only with `table:batch-write`. Never
   * Scan. On the table and its indexes.
   */
  useTable(table: dynamodb.ITableV2, needs: readonly Need[] = ['table:read', 'table:write']): this {
    this.addEnvironment('TABLE_NAME', table.tableName);
    const actions = [
      ...(needs.includes('table:read') ? TABLE_READ : []),
      ...(needs.includes('table:write') ? TABLE_WRITE : []),
      ...(needs.includes('table:batch-write') ? ['dynamodb:BatchWriteItem'] : []),
    ];
    if (actions.length > 0) {
      this.addToRolePolicy(
        new iam.PolicyStatement({ actions, resources: [table.tableArn, `${table.tableArn}/index/*`] }),
      );
      if (this.role && actions.includes('dynamodb:Query')) {
        acknowledge(
          this.role,
          `AwsSolutions-IAM5[Resource::${nagRef(table)}/index/*]`,
          "Queries use the single table's global secondary indexes (ElectroDB's access patterns); the " +
            'wildcard covers only the indexes of this one table, and Query is read-only.',
        );
      }
    }
    return this;
  }

  /**
   * The attachments bucket (ATTACHMENTS_BUCKET): GetObject with `bucket:read` (presigned GET links),
   * PutObject with `bucket:write` (presigned uploads), DeleteObject with `bucket:delete`.
   */
  useAttachments(bucket: s3.IBucket, needs: readonly Need[]): this {
    const actions = [
      ...(needs.includes('bucket:read') ? ['s3:GetObject'] : []),
      ...(needs.includes('bucket:write') ? ['s3:PutObject'] : []),
      ...(needs.includes('bucket:delete') ? ['s3:DeleteObject'] : []),
    ];
    // Avatar links only (`avatars:read`, D48): GetObject under avatars/, unless the whole bucket is read.
    const avatarsOnly = needs.includes('avatars:read') && !needs.includes('bucket:read');
    if (actions.length === 0 && !avatarsOnly) return this;
    this.addEnvironment('ATTACHMENTS_BUCKET', bucket.bucketName);
    if (avatarsOnly) {
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [bucket.arnForObjects('avatars/*')],
        }),
      );
      if (this.role) {
        acknowledge(
          this.role,
          `AwsSolutions-IAM5[Resource::${nagRef(bucket)}/avatars/*]`,
          'Avatar keys are made at run time from the person and a random id; the function signs links ' +
            'to read them (GetObject under avatars/ only).',
        );
      }
    }
    if (actions.length === 0) return this;
    this.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
    if (this.role) {
      acknowledge(
        this.role,
        `AwsSolutions-IAM5[Resource::${nagRef(bucket)}/*]`,
        'Attachment keys are made at run time from the owner and a random id, so no fixed key can be ' +
          'named; the actions are only the object actions this function uses, on this one bucket.',
      );
    }
    return this;
  }

  /** Sends e-mail through SES v2 as the configured sender (MAIL_FROM). */
  sendMailAs(mailer: Mailer): this {
    this.addEnvironment('MAIL_FROM', mailer.from);
    mailer.identity.grantSendEmail(this);
    return this;
  }

  /**
   * Knows the user pool and app client whose tokens it accepts (COGNITO_*), and may read a user of
   * that pool (AdminGetUser): the first call of a user whose provisioning did not finish at sign-up
   * reads the sign-up profile from the pool (docs/decisions.md D12).
   */
  trustTokensOf(cognito: CognitoSettings): this {
    return this.knowPool(cognito).readUsersOf(cognito);
  }

  /** The user pool and app client whose tokens it accepts (COGNITO_*), without any right on the pool. */
  knowPool(cognito: CognitoSettings): this {
    this.addEnvironment('COGNITO_USER_POOL_ID', cognito.userPoolId);
    this.addEnvironment('COGNITO_CLIENT_ID', cognito.clientId);
    this.addEnvironment('COGNITO_ISSUER', cognito.issuer);
    return this;
  }

  /** May read a user of the pool (AdminGetUser) and nothing else of Cognito. */
  readUsersOf(cognito: CognitoSettings): this {
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminGetUser'],
        resources: [
          Stack.of(this).formatArn({
            service: 'cognito-idp',
            resource: 'userpool',
            resourceName: cognito.userPoolId,
          }),
        ],
      }),
    );
    return this;
  }

  /** Pushes live updates to WebSocket connections (WS_MANAGEMENT_ENDPOINT). */
  postToConnections(realtime: RealtimeSettings): this {
    this.addEnvironment('WS_MANAGEMENT_ENDPOINT', realtime.endpoint);
    realtime.grantPost(this);
    if (this.role) {
      acknowledge(
        this.role,
        `AwsSolutions-IAM5[Resource::${realtime.connectionsArnForNag}]`,
        'Connection ids exist only at run time; the grant is ManageConnections on the one stage of the ' +
          "app's own WebSocket API.",
      );
    }
    return this;
  }

  /**
   * APP_URL (links in e-mails) and BUILD_VERSION, the deploy's build id (to tell deploys apart in the
   * function's configuration; the build-version response header is @tandem/shared's BUILD_VERSION).
   * INTERNAL_ACCOUNTS: the allow-list of internal accounts.
   */
  knowApp(app: AppSettings): this {
    this.addEnvironment('APP_URL', app.appUrl);
    this.addEnvironment('BUILD_VERSION', app.buildVersion);
    if (app.internalAccounts) this.addEnvironment('INTERNAL_ACCOUNTS', app.internalAccounts);
    if (app.agendaAccounts) this.addEnvironment('AGENDA_ACCOUNTS', app.agendaAccounts);
    return this;
  }

  /**
   * What an API, WebSocket or job handler gets: the app's settings and the pool it trusts, plus
   * exactly the resources its declared needs name (the infra test `needs.test.ts` checks those
   * against what the handler's code reaches).
   */
  connect(backend: Backend, needs: readonly Need[]): this {
    this.knowApp(backend.app);
    if (needs.some((n) => n.startsWith('table:'))) this.useTable(backend.table, needs);
    if (backend.attachments) this.useAttachments(backend.attachments, needs);
    if (backend.mail && needs.includes('mail')) this.sendMailAs(backend.mail);
    if (backend.cognito) {
      this.knowPool(backend.cognito);
      if (needs.includes('users')) this.readUsersOf(backend.cognito);
    }
    if (backend.realtime && needs.includes('realtime')) this.postToConnections(backend.realtime);
    if (backend.vapid && needs.includes('push')) this.readVapidKeys(backend.vapid);
    if (backend.app.bedrockModel && needs.includes('ai')) this.invokeBedrock(backend.app.bedrockModel);
    if (backend.integrationsKey && needs.includes('integrations-key')) this.sealWith(backend.integrationsKey);
    return this;
  }

  /** The AI connector on Amazon Bedrock (AI_PROVIDER, AI_MODEL): InvokeModel (Converse) on models only. */
  invokeBedrock(model: string): this {
    this.addEnvironment('AI_PROVIDER', 'bedrock');
    this.addEnvironment('AI_MODEL', model);
    const stack = Stack.of(this);
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: [
          `arn:${stack.partition}:bedrock:*::foundation-model/*`,
          stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: '*' }),
        ],
      }),
    );
    if (this.role) {
      acknowledge(
        this.role,
        'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/*]',
        'A cross-region inference profile may route to the model in any region; the grant is InvokeModel only.',
      );
      acknowledge(
        this.role,
        'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:<AWS::Region>:<AWS::AccountId>:inference-profile/*]',
        'The model is configuration (tandem:bedrockModel); the grant is InvokeModel on inference profiles only.',
      );
    }
    return this;
  }

  /**
   * Sealing and opening calendar connections' secrets (INTEGRATIONS_KMS_KEY_ID): GenerateDataKey and
   * Decrypt on that one key, and only with the encryption context the secret box gives
   * (functions/src/core/integrations/secret-box.ts), so the grant opens nothing else sealed by it.
   */
  sealWith(key: kms.IKey): this {
    this.addEnvironment('INTEGRATIONS_KMS_KEY_ID', key.keyArn);
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
        resources: [key.keyArn],
        conditions: { StringEquals: { 'kms:EncryptionContext:purpose': INTEGRATION_SECRET_PURPOSE } },
      }),
    );
    return this;
  }

  /** Reading the VAPID keys to sign pushes (VAPID_SECRET_ARN): GetSecretValue on that one secret. */
  readVapidKeys(secret: secretsmanager.ISecret): this {
    this.addEnvironment('VAPID_SECRET_ARN', secret.secretArn);
    secret.grantRead(this);
    return this;
  }
}

const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];
const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:TransactWriteItems',
];
