/**
 * Deployment settings: CDK context (`-c tandem:mailFrom=…` or cdk.json) first, then environment
 * variables, so CI can set them without editing files. Everything is optional; a bare
 * `cdk deploy --all` gives a working app with Cognito's own e-mail and no social sign-in.
 */
import { execFileSync } from 'node:child_process';
import type { App } from 'aws-cdk-lib';
import { repoRoot } from './paths.ts';

export interface SocialProviderConfig {
  readonly clientId: string;
  /** Name of the Secrets Manager secret (plain string) that holds the client secret. */
  readonly clientSecretName: string;
}

export interface MailConfig {
  /** `Tandem <no-reply@example.com>`: the MAIL_FROM every function sends with. */
  readonly from: string;
  /** The SES identity that authorises `from`: the whole domain, or just the one address. */
  readonly identity: { readonly kind: 'domain' | 'email'; readonly value: string };
}

export interface TandemConfig {
  /** Prefix of the stack names, so two copies (`TandemDev`, `Tandem`) can live in one account. */
  readonly stackPrefix: string;
  /** Shown in the `build-version` header and config.json; the web offers a reload when it changes. */
  readonly buildVersion: string;
  readonly mail?: MailConfig;
  /** Cognito sends its codes through SES as `mail.from` instead of its own 50-a-day sender. */
  readonly cognitoEmailViaSes: boolean;
  /** Hosted UI domain prefix (`<prefix>.auth.<region>.amazoncognito.com`); needed for social sign-in. */
  readonly authDomainPrefix?: string;
  readonly google?: SocialProviderConfig;
  readonly linkedIn?: SocialProviderConfig;
  /** The internal accounts of the allow-list (Issues tab, Agendas): e-mails, comma separated. */
  readonly internalAccounts: string;
  /**
   * A CLOUDFRONT-scope web ACL made elsewhere (Firewall Manager, another team) to use instead of the
   * app's own firewall stack in us-east-1.
   */
  readonly webAclArn?: string;
  /**
   * Whether the app sets the account's API Gateway CloudWatch role, which the WebSocket access logs
   * need (default), or the account already has one (`existing`).
   */
  readonly apiGatewayLogsRole: boolean;
  /**
   * Concurrency reserved for each asynchronous function (jobs, the stream consumer). Unset by default:
   * a new account's quota is 10 and Lambda refuses a reservation that leaves fewer than 10 unreserved.
   */
  readonly asyncReservedConcurrency?: number;
  /** The Amazon Bedrock model (or inference profile) id of the AI connector; unset: AI answers 503. */
  readonly bedrockModel?: string;
  /** Who may use agendas: e-mails or `@domain`s, comma separated; empty means everyone (D67). */
  readonly agendaAccounts: string;
  /** The billing page the paywall sheet frames (https); unset: the sheet's own text (D76). */
  readonly billingEmbedUrl?: string;
}

/** Every setting, its context key and its environment variable (docs/deploy.md lists the same). */
export const settings = {
  stackPrefix: ['tandem:stackPrefix', 'TANDEM_STACK_PREFIX'],
  buildVersion: ['tandem:buildVersion', 'TANDEM_BUILD_VERSION'],
  mailFrom: ['tandem:mailFrom', 'TANDEM_MAIL_FROM'],
  mailDomain: ['tandem:mailDomain', 'TANDEM_MAIL_DOMAIN'],
  cognitoEmailViaSes: ['tandem:cognitoEmailViaSes', 'TANDEM_COGNITO_EMAIL_VIA_SES'],
  authDomainPrefix: ['tandem:authDomainPrefix', 'TANDEM_AUTH_DOMAIN_PREFIX'],
  googleClientId: ['tandem:googleClientId', 'TANDEM_GOOGLE_CLIENT_ID'],
  googleClientSecretName: ['tandem:googleClientSecretName', 'TANDEM_GOOGLE_CLIENT_SECRET_NAME'],
  linkedInClientId: ['tandem:linkedInClientId', 'TANDEM_LINKEDIN_CLIENT_ID'],
  linkedInClientSecretName: ['tandem:linkedInClientSecretName', 'TANDEM_LINKEDIN_CLIENT_SECRET_NAME'],
  internalAccounts: ['tandem:internalAccounts', 'TANDEM_INTERNAL_ACCOUNTS'],
  webAclArn: ['tandem:webAclArn', 'TANDEM_WEB_ACL_ARN'],
  apiGatewayLogsRole: ['tandem:apiGatewayLogsRole', 'TANDEM_API_GATEWAY_LOGS_ROLE'],
  asyncReservedConcurrency: ['tandem:asyncReservedConcurrency', 'TANDEM_ASYNC_RESERVED_CONCURRENCY'],
  bedrockModel: ['tandem:bedrockModel', 'TANDEM_BEDROCK_MODEL'],
  agendaAccounts: ['tandem:agendaAccounts', 'TANDEM_AGENDA_ACCOUNTS'],
  billingEmbedUrl: ['tandem:billingEmbedUrl', 'TANDEM_BILLING_EMBED_URL'],
} as const;

type Setting = keyof typeof settings;

/** The address inside `Name <address>`, or the whole string when there are no brackets. */
export const addressOf = (from: string): string => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();

function gitVersion(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Builds the config from a lookup (context, then env). Throws on combinations that would deploy
 * but not work, so the mistake shows at synth rather than at a user's first sign-in.
 */
export function resolveConfig(lookup: (setting: Setting) => string | undefined): TandemConfig {
  const get = (s: Setting) => {
    const v = lookup(s)?.trim();
    return v ? v : undefined;
  };
  const mailFrom = get('mailFrom');
  const mailDomain = get('mailDomain');
  let mail: MailConfig | undefined;
  if (mailFrom || mailDomain) {
    const from = mailFrom ?? `Tandem <no-reply@${mailDomain}>`;
    const address = addressOf(from);
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address))
      throw new Error(`tandem:mailFrom "${from}" has no valid address`);
    if (mailDomain && !address.toLowerCase().endsWith(`@${mailDomain.toLowerCase()}`)) {
      throw new Error(`tandem:mailFrom ${address} is not an address of tandem:mailDomain ${mailDomain}`);
    }
    mail = {
      from,
      identity: mailDomain ? { kind: 'domain', value: mailDomain } : { kind: 'email', value: address },
    };
  }
  const social = (id: Setting, secret: Setting, fallbackSecret: string): SocialProviderConfig | undefined => {
    const clientId = get(id);
    return clientId ? { clientId, clientSecretName: get(secret) ?? fallbackSecret } : undefined;
  };
  const google = social('googleClientId', 'googleClientSecretName', 'tandem/google-client-secret');
  const linkedIn = social('linkedInClientId', 'linkedInClientSecretName', 'tandem/linkedin-client-secret');
  const authDomainPrefix = get('authDomainPrefix');
  if ((google || linkedIn) && !authDomainPrefix) {
    throw new Error('Google/LinkedIn sign-in goes through the hosted UI: set tandem:authDomainPrefix too');
  }
  const cognitoEmailViaSes = get('cognitoEmailViaSes') === 'true';
  if (cognitoEmailViaSes && !mail)
    throw new Error('tandem:cognitoEmailViaSes needs tandem:mailFrom or mailDomain');
  const stackPrefix = get('stackPrefix') ?? 'Tandem';
  // It names the attachments bucket too (`<prefix>-attachments-<account>-<region>`, at most 63
  // characters in S3's alphabet): letters, digits and hyphens, at most 20.
  if (!/^[A-Za-z][A-Za-z0-9-]{0,19}$/.test(stackPrefix) || stackPrefix.endsWith('-')) {
    throw new Error(
      `tandem:stackPrefix "${stackPrefix}" must be 1 to 20 letters, digits or inner hyphens, starting with a letter`,
    );
  }
  const reserved = get('asyncReservedConcurrency');
  if (reserved !== undefined && !/^[1-9]\d{0,3}$/.test(reserved)) {
    throw new Error(`tandem:asyncReservedConcurrency "${reserved}" must be a whole number from 1`);
  }
  const billingEmbedUrl = get('billingEmbedUrl');
  if (billingEmbedUrl !== undefined && !/^https:\/\/[^\s/]+(\/\S*)?$/.test(billingEmbedUrl)) {
    throw new Error(`tandem:billingEmbedUrl "${billingEmbedUrl}" must be an https:// address`);
  }
  return {
    stackPrefix,
    buildVersion: get('buildVersion') ?? gitVersion() ?? 'dev',
    mail,
    cognitoEmailViaSes,
    authDomainPrefix,
    google,
    linkedIn,
    internalAccounts: get('internalAccounts') ?? '',
    webAclArn: get('webAclArn'),
    apiGatewayLogsRole: get('apiGatewayLogsRole') !== 'existing',
    asyncReservedConcurrency: reserved === undefined ? undefined : Number(reserved),
    bedrockModel: get('bedrockModel'),
    agendaAccounts: get('agendaAccounts') ?? '',
    billingEmbedUrl,
  };
}

/** Reads the config of a CDK app: context first, then the environment. */
export function readConfig(app: App): TandemConfig {
  return resolveConfig((s) => {
    const [contextKey, envName] = settings[s];
    const fromContext: unknown = app.node.tryGetContext(contextKey);
    return fromContext === undefined ? process.env[envName] : String(fromContext);
  });
}
