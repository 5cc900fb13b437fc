/** MailStack: the SES identity exists only when a sender is configured, and handlers may send as it. */
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { expect, test } from 'vitest';
import { buildTandem, ofType, resourcesOf } from './support.ts';

test('a sender domain becomes an SES domain identity that job and API handlers may send from', () => {
  const tandem = buildTandem({ settings: { mailDomain: 'tandem.example' } });
  Template.fromStack(tandem.mail!).hasResourceProperties('AWS::SES::EmailIdentity', {
    EmailIdentity: 'tandem.example',
  });
  // The stacks of functions that send (jobs, and the areas whose routes invite or notify).
  let senders = 0;
  for (const stack of [tandem.jobs, ...tandem.api.routeStacks]) {
    const resources = resourcesOf(stack);
    const sending = ofType(resources, 'AWS::Lambda::Function').filter(
      ([, fn]) => 'MAIL_FROM' in (fn.Properties!.Environment as { Variables: object }).Variables,
    );
    if (sending.length === 0) continue;
    senders += sending.length;
    for (const [, fn] of sending) {
      expect(fn.Properties?.Environment).toMatchObject({
        Variables: { MAIL_FROM: 'Tandem <no-reply@tandem.example>' },
      });
    }
    Template.fromStack(stack).hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['ses:SendEmail']),
            Resource: { 'Fn::Join': ['', Match.arrayWith([':identity/'])] },
          }),
        ]),
      },
    });
  }
  expect(senders).toBeGreaterThan(2);
});

test('without a sender there is no mail stack and synth says so', () => {
  const tandem = buildTandem();
  expect(tandem.mail).toBeUndefined();
  expect(tandem.app.node.tryFindChild('TandemMail')).toBeUndefined();
  Annotations.fromStack(tandem.api).hasWarning('*', Match.stringLikeRegexp('No sender configured'));
});
