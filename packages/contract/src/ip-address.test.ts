import { describe, expect, it } from 'vitest';
import { parseIp, sendingIpProblem } from './ip-address.ts';

describe('issue 16 sending IP addresses', () => {
  it('canonicalises IPv6 as RFC 5952 and IPv4 as a dotted quad', () => {
    expect(parseIp('2001:DB8:0:0:0:0:0:1')?.canonical).toBe('2001:db8::1');
    expect(parseIp('2001:db8:0:0:1:0:0:1')?.canonical).toBe('2001:db8::1:0:0:1');
    expect(parseIp('0:0::1')?.canonical).toBe('::1');
    expect(parseIp('fe80::')?.canonical).toBe('fe80::');
    expect(parseIp('1:2:3:4:5:6:7:8')?.canonical).toBe('1:2:3:4:5:6:7:8');
    expect(parseIp('64:ff9b::192.0.2.33')?.canonical).toBe('64:ff9b::c000:221');
    expect(parseIp(' 192.0.2.1 ')?.canonical).toBe('192.0.2.1');
    for (const bad of ['192.0.2', '192.0.2.01', '256.0.0.1', '1::2::3', '1:2:3:4:5:6:7:8:9', '::g', '1.2.3.4::', '']) {
      expect(parseIp(bad), bad).toBeNull();
    }
  });

  it('allows unicast (loopback and private included) and refuses multicast, unspecified, broadcast', () => {
    for (const ok of ['127.0.0.2', '10.0.0.1', '192.0.2.1', '2001:db8::1', '::1'])
      expect(sendingIpProblem(ok), ok).toBeNull();
    for (const bad of [
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.255',
      '255.255.255.255',
      '240.0.0.1',
      '::',
      'ff02::1',
      '::ffff:192.0.2.1',
      'x',
    ]) {
      expect(sendingIpProblem(bad), bad).not.toBeNull();
    }
  });
});
