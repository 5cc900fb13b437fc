/**
 * The SES v2 identity Tandem sends from. A domain identity publishes Easy DKIM records to add to
 * the domain's DNS (shown by SES after deploy); an address identity gets a confirmation mail. SES
 * starts in the sandbox: until production access is granted it only delivers to verified
 * addresses (docs/deploy.md).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { MailConfig } from '../config.ts';
import type { Mailer } from '../constructs/tandem-function.ts';

export interface MailStackProps extends StackProps {
  readonly mail: MailConfig;
}

export class MailStack extends Stack {
  readonly identity: ses.EmailIdentity;
  readonly mailer: Mailer;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { identity } = props.mail;
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity:
        identity.kind === 'domain' ? ses.Identity.domain(identity.value) : ses.Identity.email(identity.value),
    });
    this.mailer = { from: props.mail.from, identity: this.identity };
    new CfnOutput(this, 'MailIdentity', { value: identity.value, description: 'Verify this in SES' });
  }
}
