/**
 * The one Lambda construct of Tandem: house defaults (Node 24 on arm64, bundled ESM, a log group
 * with retention) and intent methods that grant access and set the matching environment variable
 * together, so a function can never hold a permission without knowing the resource, or the reverse.
 * The variable names are the ones `functions/src/lib/env.ts` reads.
 */
import { existsSync } from 'node:fs';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { functionEntry, functionsTsconfig, lockFile, repoRoot } from '../paths.ts';

/** Settings every function gets: where the app lives and which build is running. */
export interface AppSettings {
  readonly appUrl: string;
  readonly buildVersion: string;
  /** INTERNAL_ACCOUNTS: the allow-list of internal accounts (configuration, never code). */
  readonly internalAccounts?: string;
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
}

/** Everything a handler may be wired to; `connect` wires whatever is present. */
export interface Backend {
  readonly app: AppSettings;
  readonly table: dynamodb.ITableV2;
  readonly attachments?: s3.IBucket;
  readonly mail?: Mailer;
  readonly cognito?: CognitoSettings;
  readonly realtime?: RealtimeSettings;
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

/**
 * Lets esbuild's ESM output load the CommonJS packages it bundles: some call `require` for Node
 * built-ins, which an ES module does not have.
 */
const REQUIRE_SHIM =
  "import { createRequire as __tandemCreateRequire } from 'node:module'; const require = __tandemCreateRequire(import.meta.url);";

export class TandemFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: TandemFunctionProps) {
    // Created here rather than left to Lambda so retention applies from the first invocation.
    // Logs are operational, not user data: they go with the function instead of lingering.
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const entry = functionEntry(props.module);
    super(scope, id, {
      entry,
      handler: 'handler',
      // NodejsFunction insists the entry exists even when bundling is skipped (tests set
      // `aws:cdk:bundling-stacks` to []), and handlers are written alongside infra. A stub keeps
      // such a synth going; a real synth bundles and so still fails on a missing handler.
      ...(!Stack.of(scope).bundlingRequired && !existsSync(entry)
        ? {
            code: lambda.Code.fromInline(
              'exports.handler = async () => { throw new Error("handler not built"); };',
            ),
            handler: 'index.handler',
          }
        : {}),
      // Lambda refuses descriptions over 256 characters.
      description: (props.description ?? props.module).slice(0, 256),
      runtime: lambda.Runtime.NODEJS_24_X,
      // Graviton: a lower price per GB-second, and nothing here needs x86.
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      role: props.role,
      logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: lockFile,
      // Stack traces in the log point at the TypeScript source.
      environment: { NODE_OPTIONS: '--enable-source-maps' },
      // That variable only ever meant something to SDK v2; v3 keeps connections alive by itself.
      awsSdkConnectionReuse: false,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The nodejs24.x runtime ships the AWS SDK v3: leaving it out keeps each bundle to our code
        // (docs/decisions.md D5; sizes and import times in `npm run bench`).
        externalModules: ['@aws-sdk/*'],
        banner: REQUIRE_SHIM,
        tsconfig: functionsTsconfig,
      },
    });
  }

  /** Reads and writes the single table (TABLE_NAME). */
  useTable(table: dynamodb.ITableV2): this {
    this.addEnvironment('TABLE_NAME', table.tableName);
    table.grantReadWriteData(this);
    return this;
  }

  /** Issues presigned links for, inspects and deletes attachments (ATTACHMENTS_BUCKET); write includes delete. */
  useAttachments(bucket: s3.IBucket): this {
    this.addEnvironment('ATTACHMENTS_BUCKET', bucket.bucketName);
    bucket.grantReadWrite(this);
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
    this.addEnvironment('COGNITO_USER_POOL_ID', cognito.userPoolId);
    this.addEnvironment('COGNITO_CLIENT_ID', cognito.clientId);
    this.addEnvironment('COGNITO_ISSUER', cognito.issuer);
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
    return this;
  }

  /** Everything the backend offers: what an API, WebSocket or job handler gets. */
  connect(backend: Backend): this {
    this.knowApp(backend.app).useTable(backend.table);
    if (backend.attachments) this.useAttachments(backend.attachments);
    if (backend.mail) this.sendMailAs(backend.mail);
    if (backend.cognito) this.trustTokensOf(backend.cognito);
    if (backend.realtime) this.postToConnections(backend.realtime);
    return this;
  }
}
