/**
 * Web Push's VAPID keys, made at deploy (docs/operations.md "Web Push keys", decisions D40): a
 * Secrets Manager secret, retained with the data, and a custom resource whose function
 * (functions/src/core/push/vapid-resource.ts) puts a key pair into it the first time and hands the
 * public key back for /config.json. Later deploys keep the pair. Functions that send pushes declare
 * the need `push` and get GetSecretValue on this one secret and its ARN as VAPID_SECRET_ARN.
 */
import { CustomResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';
import { TandemFunction } from './tandem-function.ts';

export class VapidKeys extends Construct {
  readonly secret: secretsmanager.Secret;
  /** The public key (base64url), resolved at deploy. */
  readonly publicKey: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: 'Tandem: the VAPID key pair that signs Web Push (made by the VapidKeys resource)',
      // Subscriptions are bound to the public key: losing the pair ends every device's pushes.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.secret,
      'AwsSolutions-SMG4',
      'A VAPID pair cannot be rotated without every browser subscribing again; it is replaced by hand ' +
        '(docs/operations.md "Web Push keys").',
    );
    const maker = new TandemFunction(this, 'Maker', {
      module: 'core/push/vapid-resource',
      description:
        "Makes the deployment's VAPID key pair once and answers its public key (core/push/vapid-resource)",
      timeout: Duration.seconds(30),
    });
    this.secret.grantRead(maker);
    this.secret.grantWrite(maker);
    const resource = new CustomResource(this, 'Resource', {
      serviceToken: maker.functionArn,
      resourceType: 'Custom::TandemVapidKeys',
      properties: { SecretArn: this.secret.secretArn },
    });
    this.publicKey = resource.getAttString('PublicKey');
  }
}
