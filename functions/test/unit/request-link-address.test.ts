/**
 * The per-address limit's key (decisions D76): the address CloudFront's function writes, behind
 * CloudFront; API Gateway's source address without it; X-Forwarded-For never, whatever it holds.
 */
import { VIEWER_ADDRESS_HEADER } from '@tandem/shared/request-links/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress, edgeWritesViewerAddress } from '../../src/http/request-links/address.ts';
import type { HttpEvent } from '../../src/lib/http-handler.ts';

const event = (headers: Record<string, string>, sourceIp = '130.176.9.20') =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as HttpEvent;

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  delete process.env.EDGE_VIEWER_ADDRESS;
});

describe('behind CloudFront', () => {
  it("takes the viewer's address CloudFront's function wrote, not the edge's source address", () => {
    expect(clientAddress(event({ [VIEWER_ADDRESS_HEADER]: '198.51.100.7' }), true)).toBe('198.51.100.7');
    expect(clientAddress(event({ [VIEWER_ADDRESS_HEADER]: '2001:db8::42' }), true)).toBe('2001:db8::42');
  });

  it('ignores X-Forwarded-For entries a viewer made up', () => {
    // The viewer sent "X-Forwarded-For: 10.0.0.1"; CloudFront appended the viewer, API Gateway the edge.
    const spoofed = event({
      'x-forwarded-for': '10.0.0.1, 192.0.2.55, 130.176.9.20',
      [VIEWER_ADDRESS_HEADER]: '192.0.2.55',
    });
    expect(clientAddress(spoofed, true)).toBe('192.0.2.55');
    // A changing made-up entry does not make a new key.
    const again = event({
      'x-forwarded-for': '10.9.9.9, 192.0.2.55, 130.176.9.20',
      [VIEWER_ADDRESS_HEADER]: '192.0.2.55',
    });
    expect(clientAddress(again, true)).toBe(clientAddress(spoofed, true));
  });

  it("falls back to the source address when the edge's header is missing or malformed", () => {
    expect(clientAddress(event({ 'x-forwarded-for': '10.0.0.1' }), true)).toBe('130.176.9.20');
    expect(clientAddress(event({ [VIEWER_ADDRESS_HEADER]: '1.1.1.1, 2.2.2.2' }), true)).toBe('130.176.9.20');
    expect(clientAddress(event({ [VIEWER_ADDRESS_HEADER]: 'x'.repeat(65) }), true)).toBe('130.176.9.20');
  });
});

describe('without CloudFront', () => {
  it("takes API Gateway's source address and no header at all", () => {
    const e = event(
      { 'x-forwarded-for': '10.0.0.1, 203.0.113.9', [VIEWER_ADDRESS_HEADER]: '10.0.0.2' },
      '203.0.113.9',
    );
    expect(clientAddress(e, false)).toBe('203.0.113.9');
  });

  it('knows the edge is there from the origin secret (AWS) or the local gateway', () => {
    expect(edgeWritesViewerAddress()).toBe(false);
    process.env.ORIGIN_VERIFY_SECRET = 's';
    expect(edgeWritesViewerAddress()).toBe(true);
    delete process.env.ORIGIN_VERIFY_SECRET;
    process.env.EDGE_VIEWER_ADDRESS = '1';
    expect(edgeWritesViewerAddress()).toBe(true);
  });
});
