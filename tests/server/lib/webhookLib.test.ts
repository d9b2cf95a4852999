import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { isPrivateAddress } from '../../../server/lib/address.js';
import { signatureHeader, verifySignature } from '../../../server/lib/signature.js';
import { notModified, strongEtag } from '../../../server/lib/etag.js';
import { seal, sealKeys, unseal } from '../../../server/lib/sealed.js';

describe('webhook signatures (Stripe scheme)', () => {
  it('is the hex HMAC-SHA256 of "t.body", checked within five minutes', () => {
    const header = signatureHeader('whsec_k', '{"a":1}', 1700000000);
    expect(header).toBe(
      `t=1700000000,v1=${createHmac('sha256', 'whsec_k').update('1700000000.{"a":1}').digest('hex')}`,
    );
    expect(verifySignature('whsec_k', '{"a":1}', header, 1700000100)).toBe(true);
    expect(verifySignature('whsec_k', '{"a":2}', header, 1700000100)).toBe(false);
    expect(verifySignature('whsec_other', '{"a":1}', header, 1700000100)).toBe(false);
    expect(verifySignature('whsec_k', '{"a":1}', header, 1700000400)).toBe(false);
  });
});

describe('private addresses', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.16.5.4',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('%s is private', (a) => expect(isPrivateAddress(a)).toBe(true));
  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700::1111'])('%s is public', (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  );
});

describe('ETags', () => {
  it('are strong, follow the bytes, and match If-None-Match weakly', () => {
    const tag = strongEtag('{"a":1}');
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(strongEtag('{"a":1}')).toBe(tag);
    expect(strongEtag('{"a":2}')).not.toBe(tag);
    expect(notModified(tag, tag)).toBe(true);
    expect(notModified(`"x", W/${tag}`, tag)).toBe(true);
    expect(notModified('*', tag)).toBe(true);
    expect(notModified('"x"', tag)).toBe(false);
    expect(notModified(undefined, tag)).toBe(false);
  });
});

describe('sealed image names', () => {
  it('give the same token for the same name, hide it, and refuse a changed or foreign token', () => {
    const keys = sealKeys('a server secret of some length', 'purpose');
    const token = seal(keys, 'Uploads/uid123_abc_photo.jpg');
    expect(seal(keys, 'Uploads/uid123_abc_photo.jpg')).toBe(token);
    expect(token).not.toContain('uid123');
    expect(unseal(keys, token)).toBe('Uploads/uid123_abc_photo.jpg');
    expect(unseal(keys, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(unseal(sealKeys('another secret', 'purpose'), token)).toBeNull();
    expect(unseal(keys, 'short')).toBeNull();
  });
});
