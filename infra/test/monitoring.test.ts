/** MonitoringStack: the alarms of docs/operations.md, each sending to the one topic. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { expect, test } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { ALARMS } from '../src/stacks/monitoring-stack.ts';
import { buildTandem, firstRef, ofType, resourcesOf } from './support.ts';

const withMail = buildTandem({ settings: { mailDomain: 'tandem.example' } });
const resources = resourcesOf(withMail.monitoring);
const alarms = ofType(resources, 'AWS::CloudWatch::Alarm');

test('every alarm sends to the one topic', () => {
  Template.fromStack(withMail.monitoring).resourceCountIs('AWS::SNS::Topic', 1);
  const [topicId] = ofType(resources, 'AWS::SNS::Topic')[0]!;
  expect(alarms).toHaveLength(Object.keys(ALARMS).length);
  for (const [, a] of alarms) {
    expect((a.Properties!.AlarmActions as unknown[]).map(firstRef)).toEqual([topicId]);
  }
});

test('each alarm is explained in docs/operations.md', () => {
  const doc = readFileSync(join(repoRoot, 'docs', 'operations.md'), 'utf8');
  for (const name of Object.values(ALARMS)) expect(doc).toContain(`### ${name}`);
});

test('the alarms watch the HTTP API, the table, the jobs and their dead-letter queue', () => {
  const text = JSON.stringify(alarms);
  expect(text).toContain('"MetricName":"5xx"');
  expect(text).toContain('"MetricName":"ThrottledRequests"');
  expect(text).toContain('"MetricName":"SystemErrors"');
  expect(text).toContain('"MetricName":"ApproximateNumberOfMessagesVisible"');
  expect(text).toContain('"MetricName":"Reputation.ComplaintRate"');
  const jobErrors = alarms.find(([, a]) => String(a.Properties?.AlarmName).endsWith(ALARMS.jobErrors))!;
  const metrics = (jobErrors[1].Properties!.Metrics as Array<{ MetricStat?: unknown }>).filter(
    (m) => m.MetricStat,
  );
  expect(metrics).toHaveLength(Object.keys(withMail.jobs.functions).length);
});

test('without a sender there are no SES alarms', () => {
  const plain = buildTandem();
  const names = ofType(resourcesOf(plain.monitoring), 'AWS::CloudWatch::Alarm').map(([, a]) =>
    String(a.Properties?.AlarmName),
  );
  expect(names.some((n) => n.endsWith(ALARMS.sesBounces))).toBe(false);
  expect(names).toHaveLength(Object.keys(ALARMS).length - 2);
});
