/**
 * Accounts: the Cognito user pool (e-mail sign-in, optional TOTP two-factor), its two triggers,
 * the web app's client and, when configured, the hosted UI with Google and LinkedIn.
 */
import { PASSWORD_POLICY } from '@tandem/shared/user/password';
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps, Token } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { addressOf, type TandemConfig } from '../config.ts';
import {
  type AppSettings,
  type CognitoSettings,
  type Mailer,
  TandemFunction,
} from '../constructs/tandem-function.ts';
import { needsOfFixed } from '../manifest.ts';
import { acknowledge } from '../nag.ts';

export interface AuthStackProps extends StackProps {
  readonly config: TandemConfig;
  readonly app: AppSettings;
  readonly table: dynamodb.ITableV2;
  /** The sender, when configured: provisioning at sign-up may tell inviters their invitation was accepted. */
  readonly mail?: Mailer;
}

/** Requests to the user pool one address may make in 5 minutes before the firewall blocks it. */
export const USER_POOL_RATE_LIMIT = 300;

const visibility = (metricName: string) => ({
  metricName,
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
});

/** Provider names as the web app passes them to the hosted UI (`identity_provider=`) and config.json lists them. */
export type SocialProvider = 'Google' | 'LinkedIn';

export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly cognito: CognitoSettings;
  /** Hosted UI host name (`<prefix>.auth.<region>.amazoncognito.com`), when configured. */
  readonly hostedUiDomain?: string;
  readonly providers: SocialProvider[] = [];

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    const customMessage = new TandemFunction(this, 'CustomMessage', {
      module: 'triggers/custom-message',
      description: 'Writes the sign-up and password-reset e-mails',
      memorySize: 256,
    }).knowApp(props.app);
    const postConfirmationNeeds = needsOfFixed('triggers/post-confirmation');
    const postConfirmation = new TandemFunction(this, 'PostConfirmation', {
      module: 'triggers/post-confirmation',
      description: 'Creates the Tandem user after sign-up is confirmed',
    })
      .knowApp(props.app)
      .useTable(props.table, postConfirmationNeeds);
    if (props.mail && postConfirmationNeeds.includes('mail')) postConfirmation.sendMailAs(props.mail);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        timezone: { required: false, mutable: true },
      },
      customAttributes: { user_type: new cognito.StringAttribute({ mutable: true, maxLen: 64 }) },
      // The one policy of @tandem/shared: the local Cognito and the web forms check the same.
      passwordPolicy: { ...PASSWORD_POLICY },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email:
        config.cognitoEmailViaSes && config.mail
          ? cognito.UserPoolEmail.withSES({
              fromEmail: addressOf(config.mail.from),
              fromName: /^(.*?)\s*</.exec(config.mail.from)?.[1] || undefined,
              sesVerifiedDomain:
                config.mail.identity.kind === 'domain' ? config.mail.identity.value : undefined,
              // Cognito needs the identity's region as a literal; MailStack puts it in this one.
              sesRegion: this.knownRegion('tandem:cognitoEmailViaSes'),
            })
          : undefined,
      lambdaTriggers: { customMessage, postConfirmation },
      removalPolicy: RemovalPolicy.RETAIN,
      // Deleting the pool deletes every account: CloudFormation (or anyone) must turn this off first.
      deletionProtection: true,
      // Threat protection: compromised-credential checks and adaptive authentication, enforced.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
    });
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      "The password policy is the product's one policy (@tandem/shared/user/password, also enforced by " +
        'the web forms and the local Cognito): at least 10 characters with a lowercase letter and a ' +
        'digit. Length over forced upper case and symbols follows NIST SP 800-63B; compromised ' +
        "passwords are caught by the Plus plan's threat protection.",
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'Two-factor sign-in (TOTP) is optional by the product specification: each person turns it on in ' +
        'their settings. Requiring it would lock out everyone without an authenticator app.',
    );

    // The pool cannot be named in the trigger's own policy or environment (the pool depends on the
    // trigger: a cycle), so the right to read its users is a separate policy the function does not wait for.
    if (postConfirmationNeeds.includes('users')) {
      new iam.Policy(this, 'PostConfirmationReadsUsers', {
        roles: [postConfirmation.role!],
        statements: [
          new iam.PolicyStatement({
            actions: ['cognito-idp:AdminGetUser'],
            resources: [this.userPool.userPoolArn],
          }),
        ],
      });
    }

    this.guardPool();

    const identityProviders: Construct[] = [];
    const supported = [cognito.UserPoolClientIdentityProvider.COGNITO];
    if (config.google) {
      identityProviders.push(
        new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool: this.userPool,
          clientId: config.google.clientId,
          clientSecretValue: SecretValue.secretsManager(config.google.clientSecretName),
          scopes: ['openid', 'email', 'profile'],
          attributeMapping: {
            email: cognito.ProviderAttribute.GOOGLE_EMAIL,
            givenName: cognito.ProviderAttribute.GOOGLE_GIVEN_NAME,
            familyName: cognito.ProviderAttribute.GOOGLE_FAMILY_NAME,
          },
        }),
      );
      supported.push(cognito.UserPoolClientIdentityProvider.GOOGLE);
      this.providers.push('Google');
    }
    if (config.linkedIn) {
      // LinkedIn's "Sign In with LinkedIn using OpenID Connect"; Cognito discovers its endpoints.
      identityProviders.push(
        new cognito.UserPoolIdentityProviderOidc(this, 'LinkedIn', {
          userPool: this.userPool,
          name: 'LinkedIn',
          clientId: config.linkedIn.clientId,
          // A dynamic reference: CloudFormation resolves it at deploy time, the template holds no secret.
          clientSecret: SecretValue.secretsManager(config.linkedIn.clientSecretName).unsafeUnwrap(),
          issuerUrl: 'https://www.linkedin.com/oauth',
          scopes: ['openid', 'profile', 'email'],
          attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
          attributeMapping: {
            email: cognito.ProviderAttribute.other('email'),
            givenName: cognito.ProviderAttribute.other('given_name'),
            familyName: cognito.ProviderAttribute.other('family_name'),
          },
        }),
      );
      supported.push(cognito.UserPoolClientIdentityProvider.custom('LinkedIn'));
      this.providers.push('LinkedIn');
    }

    const callbackUrls = this.providers.map((p) => `${props.app.appUrl}/login/callback/${p.toLowerCase()}`);
    this.client = this.userPool.addClient('WebClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP only: the password never leaves the browser. The web app uses the password flow only
      // against the local Cognito, which has no SRP (signInFlow in @tandem/shared/api/config).
      // Refresh is always allowed.
      authFlows: { userSrp: true, userPassword: false },
      preventUserExistenceErrors: true,
      supportedIdentityProviders: supported,
      // Without providers there is no redirect flow at all, rather than CDK's example.com default.
      ...(this.providers.length > 0
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
              callbackUrls,
              logoutUrls: [`${props.app.appUrl}/login`],
            },
          }
        : { disableOAuth: true }),
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
    });
    for (const idp of identityProviders) this.client.node.addDependency(idp);

    if (config.authDomainPrefix) {
      const domain = this.userPool.addDomain('HostedUi', {
        cognitoDomain: { domainPrefix: config.authDomainPrefix },
      });
      this.hostedUiDomain = `${domain.domainName}.auth.${this.region}.amazoncognito.com`;
      new CfnOutput(this, 'HostedUiDomain', { value: this.hostedUiDomain });
    }

    this.cognito = {
      userPoolId: this.userPool.userPoolId,
      clientId: this.client.userPoolClientId,
      // The `iss` claim of the pool's tokens, which the API's JWT authorizer checks.
      issuer: `https://cognito-idp.${this.region}.amazonaws.com/${this.userPool.userPoolId}`,
    };
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.client.userPoolClientId });
  }

  /**
   * A web application firewall in front of the pool's sign-in, sign-up and reset endpoints: AWS's
   * managed rules (known bad inputs, IP reputation, common exploits) and a per-address rate limit,
   * against credential stuffing and sign-up floods. The browser talks to Cognito directly, so this
   * is the only place such traffic can be stopped.
   */
  private guardPool(): void {
    const managed = (priority: number, name: string) => ({
      name,
      priority,
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      overrideAction: { none: {} },
      visibilityConfig: visibility(name),
    });
    const acl = new wafv2.CfnWebACL(this, 'UserPoolFirewall', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      description: 'Tandem sign-in: AWS managed rules and a per-address rate limit',
      visibilityConfig: visibility('TandemUserPool'),
      rules: [
        managed(0, 'AWSManagedRulesAmazonIpReputationList'),
        managed(1, 'AWSManagedRulesKnownBadInputsRuleSet'),
        managed(2, 'AWSManagedRulesCommonRuleSet'),
        {
          name: 'PerAddressRate',
          priority: 3,
          // Requests per address in any 5 minutes: far above a person signing in, far below a script.
          statement: { rateBasedStatement: { limit: USER_POOL_RATE_LIMIT, aggregateKeyType: 'IP' } },
          action: { block: {} },
          visibilityConfig: visibility('PerAddressRate'),
        },
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'UserPoolFirewallAssociation', {
      resourceArn: this.userPool.userPoolArn,
      webAclArn: acl.attrArn,
    });
  }

  /** The literal region, for settings CloudFormation cannot take as a reference. */
  private knownRegion(setting: string): string {
    if (Token.isUnresolved(this.region)) {
      throw new Error(
        `${setting} needs a known region: deploy with AWS credentials or set CDK_DEFAULT_REGION`,
      );
    }
    return this.region;
  }
}
