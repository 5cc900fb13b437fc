/**
 * cognito-local 5.3 run in-process. Its own entry (lib/server/defaults.js, createDefaultServer) keeps
 * state in a relative `.cognito/`, prints codes to the console and calls triggers over a Lambda
 * endpoint; this file repeats that wiring with these changes:
 * - state under `<dataDir>/cognito/db` (absolute, whatever the working directory);
 * - codes are mailed: composed by `composeAuthMessage` (the same text the AWS CustomMessage trigger
 *   sends) and put in the local mail store, readable at /_local/mail;
 * - triggers call our modules in-process (the same handlers infra deploys as Lambdas);
 * - two gaps to real Cognito are closed (see withCognitoParity).
 * On first start it creates the user pool and app client and keeps their ids in stack.json.
 */
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { type AuthMessageSource, composeAuthMessage } from '@tandem/functions/core/auth/auth-messages';
import { PASSWORD_POLICY, type PasswordProblem, passwordProblems } from '@tandem/shared/user/password';
import {
  CognitoError,
  InvalidParameterError,
  InvalidPasswordError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';
import { Router } from 'cognito-local/lib/server/Router.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import type { CryptoService } from 'cognito-local/lib/services/crypto.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import {
  DateClock,
  LambdaService,
  type Messages,
  MessagesService,
  TriggersService,
} from 'cognito-local/lib/services/index.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import type { MailStore } from '../mail/mail-store.ts';
import { bindHost, freePort, localOrigin } from './ports.ts';
import { readState, updateState } from './state.ts';

export interface CognitoEngine {
  endpoint: string;
  port: number;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUri: string;
  stop(): Promise<void>;
}

export interface CognitoOptions {
  dataDir: string;
  mail: MailStore;
  /** Base of links in the mails (http://localhost:3000). */
  appUrl: string;
  mailFrom?: string;
  preferredPort?: number;
  quiet?: boolean;
}

type Logger = Parameters<typeof createServer>[1];
type AwsLambda = ConstructorParameters<typeof LambdaService>[1];
type MessageSource = Parameters<Messages['deliver']>[1];
type TriggerHandler = (event: unknown, context: unknown) => Promise<unknown>;

const cognitoRequire = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));

/**
 * Cognito trigger → our module. Loaded on first call, not here: the modules read TABLE_NAME and the
 * endpoints when imported, and the stack sets those only once every engine is up.
 */
const TRIGGERS: Record<string, { fn: string; load: () => Promise<{ handler: TriggerHandler }> }> = {
  PostConfirmation: {
    fn: 'post-confirmation',
    load: () =>
      import('@tandem/functions/triggers/post-confirmation') as Promise<{ handler: TriggerHandler }>,
  },
};

/** Stands in for the aws-sdk v2 Lambda client that cognito-local's LambdaService calls. */
function inProcessLambda(): AwsLambda {
  const byName = new Map(Object.values(TRIGGERS).map((t) => [t.fn, t.load]));
  const invoke = (params: { FunctionName: string; Payload?: string }) => ({
    promise: async () => {
      const load = byName.get(params.FunctionName);
      if (!load) throw new Error(`No local module for Lambda ${params.FunctionName}`);
      try {
        const { handler } = await load();
        const result = await handler(JSON.parse(params.Payload ?? '{}'), {
          functionName: params.FunctionName,
        });
        return { StatusCode: 200, Payload: JSON.stringify(result) };
      } catch (e) {
        // As Lambda reports a thrown error; Cognito then fails the call with UserLambdaValidationException.
        console.error(`Cognito trigger ${params.FunctionName} failed:`, e);
        const err = e instanceof Error ? e : new Error(String(e));
        return {
          StatusCode: 200,
          FunctionError: 'Unhandled',
          Payload: JSON.stringify({ errorType: err.name, errorMessage: err.message }),
        };
      }
    },
  });
  return { invoke } as unknown as AwsLambda;
}

const KEEP_ORIGINAL_EMAIL = { AttributesRequireVerificationBeforeUpdate: ['email' as const] };

/** cognito-local does not tell the sender why a code is sent; this sender is made per delivery, knowing it. */
class MailMessageSender implements MessageSender {
  constructor(
    private readonly source: MessageSource,
    private readonly opts: CognitoOptions,
  ) {}

  async sendEmail(
    ...[ctx, user, destination, message]: Parameters<MessageSender['sendEmail']>
  ): Promise<void> {
    const attr = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
    // A changed address is proven at the new address (as Cognito does); cognito-local picks the old one.
    const pending = user.UnverifiedAttributeChanges?.find((a) => a.Name === 'email')?.Value;
    if (pending && this.source === 'UpdateUserAttribute') destination = pending;
    const email = attr('email') ?? destination;
    const composed = composeAuthMessage(authSource(this.source), {
      code: message.__code ?? '',
      email,
      firstName: attr('given_name'),
      appUrl: this.opts.appUrl,
    });
    await this.opts.mail.add({
      from: this.opts.mailFrom ?? 'Tandem <no-reply@tandem.local>',
      to: [destination],
      ...composed,
    });
    ctx.logger.debug({ to: destination, source: this.source }, 'Mailed code');
  }

  async sendSms(...[ctx, user]: Parameters<MessageSender['sendSms']>): Promise<void> {
    ctx.logger.warn({ user: user.Username }, 'Tandem sends no SMS; code not delivered');
  }
}

type Services = Parameters<typeof Router>[0];

/** Cognito's words for each broken rule ("Password did not conform with policy: …"). */
const POLICY_MESSAGES: Record<PasswordProblem, string> = {
  tooShort: 'Password not long enough',
  tooLong: 'Password is too long',
  edgeSpace: 'Password must not begin or end with a space',
  needsLowercase: 'Password must have lowercase characters',
  needsUppercase: 'Password must have uppercase characters',
  needsDigit: 'Password must have numeric characters',
  needsSymbol: 'Password must have symbol characters',
};

/** Where each call that sets a password carries it. */
const NEW_PASSWORD: Record<string, (req: Record<string, unknown>) => unknown> = {
  SignUp: (req) => req.Password,
  ConfirmForgotPassword: (req) => req.Password,
  ChangePassword: (req) => req.ProposedPassword,
  AdminSetUserPassword: (req) => req.Password,
  AdminCreateUser: (req) => req.TemporaryPassword,
  RespondToAuthChallenge: (req) =>
    (req.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD,
};

/** Cognito refuses a password that breaks the pool's policy; cognito-local checks no policy at all. */
function checkPasswordPolicy(target: string, req: unknown): void {
  const password = NEW_PASSWORD[target]?.((req ?? {}) as Record<string, unknown>);
  if (typeof password !== 'string') return;
  const [problem] = passwordProblems(password, PASSWORD_POLICY);
  if (problem) {
    throw new CognitoError(
      'InvalidPasswordException',
      `Password did not conform with policy: ${POLICY_MESSAGES[problem]}`,
    );
  }
}

/**
 * Three gaps between cognito-local and Cognito that the web app would trip over:
 * - a wrong password at sign-in is InvalidPasswordException there; Cognito says NotAuthorizedException
 *   "Incorrect username or password." (not revealing that the account exists);
 * - ResendConfirmationCode is missing; added here the way its ForgotPassword is written;
 * - it enforces no password policy; the pool's (PASSWORD_POLICY, as in AWS) is checked here.
 */
function withCognitoParity(router: ReturnType<typeof Router>, services: Services): ReturnType<typeof Router> {
  return (target) => {
    if (target === 'ResendConfirmationCode') return resendConfirmationCode(services);
    if (target in NEW_PASSWORD) {
      const route = router(target);
      return async (ctx, req) => {
        checkPasswordPolicy(target, req);
        return route(ctx, req);
      };
    }
    const route = router(target);
    if (target !== 'InitiateAuth' && target !== 'AdminInitiateAuth') return route;
    return (ctx, req) =>
      route(ctx, req).catch((e: unknown) => {
        throw e instanceof InvalidPasswordError
          ? new NotAuthorizedError('Incorrect username or password.')
          : e;
      });
  };
}

const resendConfirmationCode =
  ({ cognito, clock, messages, otp }: Services) =>
  async (
    ctx: Parameters<Messages['deliver']>[0],
    req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> },
  ) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
    if (!email) throw new InvalidParameterError('User has no email to send the code to.');
    const details = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } as const;
    const code = otp();
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      details,
    );
    await userPool.saveUser(ctx, { ...user, UserLastModifiedDate: clock.get(), ConfirmationCode: code });
    return { CodeDeliveryDetails: details };
  };

/** Sources composeAuthMessage knows; the others (admin-created user, email MFA) are not Tandem flows. */
function authSource(source: MessageSource): AuthMessageSource {
  const known: AuthMessageSource[] = [
    'SignUp',
    'ResendCode',
    'ForgotPassword',
    'UpdateUserAttribute',
    'VerifyUserAttribute',
  ];
  return (known as string[]).includes(source) ? (source as AuthMessageSource) : 'SignUp';
}

export async function startCognito(opts: CognitoOptions): Promise<CognitoEngine> {
  const dbDir = path.join(opts.dataDir, 'cognito', 'db');
  await mkdir(dbDir, { recursive: true });
  const state = await readState(opts.dataDir);
  const port = await freePort(opts.preferredPort ?? state.ports?.cognito);
  const endpoint = localOrigin(port);

  // pino 7 from cognito-local's own dependencies (the version it was built against).
  const pino = cognitoRequire('pino') as (o: { level: string }) => Logger;
  const logger = pino({ level: opts.quiet ? 'silent' : 'warn' });
  const ctx = { logger };

  // The same objects createDefaultServer builds, with our directories, Lambda client and sender.
  const config = {
    LambdaClient: {},
    TriggerFunctions: Object.fromEntries(Object.entries(TRIGGERS).map(([k, t]) => [k, t.fn])),
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    // The issuer in tokens is `${IssuerDomain}/${poolId}`; the gateway verifies it.
    TokenConfig: { IssuerDomain: endpoint },
    KMSConfig: {},
    // Loopback unless HOST says otherwise: nothing outside this machine should reach the user pool.
    ServerConfig: { port, hostname: bindHost(), development: false, https: false as const },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dbDir);
  const cognitoService = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognitoService,
    new LambdaService(config.TriggerFunctions, inProcessLambda()),
    // KMS is used only by the CustomEmailSender trigger, which Tandem does not configure. The real
    // CryptoService would load aws-sdk v2 (slow, and it prints an end-of-support notice).
    {
      encrypt: () => Promise.reject(new Error('KMS (CustomEmailSender) is not available locally')),
    } as unknown as CryptoService,
  );
  const messages: Messages = {
    deliver: (ctx, source, ...rest) =>
      new MessagesService(triggers, new MessageDeliveryService(new MailMessageSender(source, opts))).deliver(
        ctx,
        source,
        ...rest,
      ),
  };
  const services = {
    clock,
    cognito: cognitoService,
    config,
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server = (await createServer(
    withCognitoParity(Router(services), services),
    logger,
    config.ServerConfig,
    services,
  ).start()) as Server;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  try {
    const { userPoolId, clientId } = await ensurePool(endpoint, opts.dataDir);
    // As the CDK pool (keepOriginal): a new e-mail counts only once its code is given. cognito-local's
    // UpdateUserPool drops this setting, so pools made before it get it set on their options.
    const pool = await cognitoService.getUserPool(ctx, userPoolId);
    if (!pool.options.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate?.length)
      await pool.updateOptions(ctx, { ...pool.options, UserAttributeUpdateSettings: KEEP_ORIGINAL_EMAIL });
    await updateState(opts.dataDir, { userPoolId, clientId, ports: { cognito: port } });
    return {
      endpoint,
      port,
      userPoolId,
      clientId,
      issuer: `${endpoint}/${userPoolId}`,
      jwksUri: `${endpoint}/${userPoolId}/.well-known/jwks.json`,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Reuses the pool and client recorded in stack.json when they still exist; otherwise creates them. */
async function ensurePool(
  endpoint: string,
  dataDir: string,
): Promise<{ userPoolId: string; clientId: string }> {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const { userPoolId, clientId } = await readState(dataDir);
    if (userPoolId && clientId) {
      const found = await Promise.all([
        client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId })),
        client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId })),
      ]).then(
        () => true,
        (e: Error) => {
          // Only a pool or client that is gone (data folder edited by hand) is made anew.
          if (e.name === 'ResourceNotFoundException') return false;
          throw e;
        },
      );
      if (found) return { userPoolId, clientId };
    }
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'tandem',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        UserAttributeUpdateSettings: KEEP_ORIGINAL_EMAIL,
        MfaConfiguration: 'OPTIONAL',
        Schema: [{ Name: 'user_type', AttributeDataType: 'String', Mutable: true }],
        // What DescribeUserPool shows; withCognitoParity enforces it (also on pools made before).
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_POLICY.minLength,
            RequireUppercase: PASSWORD_POLICY.requireUppercase,
            RequireLowercase: PASSWORD_POLICY.requireLowercase,
            RequireNumbers: PASSWORD_POLICY.requireDigits,
            RequireSymbols: PASSWORD_POLICY.requireSymbols,
          },
        },
      }),
    );
    const poolId = pool.UserPool!.Id!;
    await client.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: poolId,
        MfaConfiguration: 'OPTIONAL',
        SoftwareTokenMfaConfiguration: { Enabled: true },
      }),
    );
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: 'tandem-web',
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    return { userPoolId: poolId, clientId: app.UserPoolClient!.ClientId! };
  } finally {
    client.destroy();
  }
}
