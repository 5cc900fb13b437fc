/**
 * The per-address limits' key in AWS (decisions D76): CloudFront's function on /api/v1/* writes the
 * viewer's address over any the viewer sent, the API behaviour's origin request policy forwards it,
 * and the handlers trust it because they run behind CloudFront (ORIGIN_VERIFY_SECRET).
 */
import { VIEWER_ADDRESS_HEADER } from '@tandem/shared/request-links/constants';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { VIEWER_ADDRESS } from '../src/stacks/edge-stack.ts';
import { buildTandem, ofType, resourcesOf } from './support.ts';

const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type CfRequest = { headers: Record<string, { value: string }> };
const run = (request: CfRequest, ip: string): CfRequest => {
  const handler = new Function(`${VIEWER_ADDRESS}; return handler;`)() as (e: {
    request: CfRequest;
    viewer: { ip: string };
  }) => CfRequest;
  return handler({ request, viewer: { ip } });
};

describe("CloudFront's viewer-address function", () => {
  it("writes the connection's address, replacing one the viewer made up", () => {
    const spoofed = run(
      {
        headers: {
          [VIEWER_ADDRESS_HEADER]: { value: '10.0.0.1' },
          'x-forwarded-for': { value: '10.0.0.2' },
        },
      },
      '198.51.100.7',
    );
    expect(spoofed.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '198.51.100.7' });
    expect(run({ headers: {} }, '2001:db8::1').headers[VIEWER_ADDRESS_HEADER]).toEqual({
      value: '2001:db8::1',
    });
  });
});

describe('the distribution and the API', () => {
  const tandem = buildTandem();
  const edge = Template.fromStack(tandem.edge);

  it('runs the function on every /api/v1/* request and forwards viewer headers but Host', () => {
    const fns = ofType(resourcesOf(tandem.edge), 'AWS::CloudFront::Function');
    const [fnId, fn] = fns.find(([id]) => id.startsWith('ViewerAddress'))!;
    expect(fn.Properties?.FunctionCode).toBe(VIEWER_ADDRESS);
    edge.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/v1/*',
            OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
            FunctionAssociations: [
              { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
            ],
          }),
        ]),
      }),
    });
  });

  it('gives the submit handler the origin secret, so it trusts only what CloudFront wrote', () => {
    const submit = tandem.api.routeStacks
      .map(resourcesOf)
      .flatMap((r) => ofType(r, 'AWS::Lambda::Function'))
      .filter(([, f]) => String(f.Properties?.Description ?? '').includes('request-links/submit-request'));
    expect(submit).toHaveLength(1);
    const env = submit[0]![1].Properties?.Environment as { Variables: Record<string, unknown> };
    expect(env.Variables.ORIGIN_VERIFY_SECRET).toBeDefined();
    expect(env.Variables.EDGE_VIEWER_ADDRESS).toBeUndefined();
  });
});
