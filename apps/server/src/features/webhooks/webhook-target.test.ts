import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, nonPublicReason, webhookUrlProblem } from './webhook-target.ts';

describe('issue 10 item 7: webhook destinations are judged on the normalised address', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700::1111', true],
    ['2002:0808:0808::1', true], // 6to4 of 8.8.8.8
    ['64:ff9b::808:808', true], // NAT64 of 8.8.8.8
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.251', false],
    ['240.0.0.1', false],
    ['192.0.2.1', false],
    ['198.18.0.1', false],
    ['::', false],
    ['::1', false],
    ['fd00::1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['fec0::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    // IPv4-mapped IPv6 in every spelling (the bypass of the issue): judged as the IPv4 address.
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['0:0:0:0:0:ffff:127.0.0.1', false],
    ['0000:0000:0000:0000:0000:ffff:7f00:0001', false],
    ['::ffff:a9fe:a9fe', false],
    ['::ffff:10.0.0.1', false],
    // IPv6 that carries a private IPv4 address, and the deprecated IPv4-compatible form.
    ['2002:7f00:1::1', false],
    ['2002:a9fe:a9fe::', false],
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['64:ff9b:1::1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false], // Teredo
    ['::7f00:1', false],
    ['::ffff:0:7f00:1', false],
    ['not-an-address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
  const hex = (a: number, b: number) => ((a << 8) | b).toString(16);

  it('an IPv4 address and each IPv4-mapped IPv6 spelling of it get the same verdict', () => {
    fc.assert(
      fc.property(v4, ([a, b, c, d]) => {
        const dotted = `${a}.${b}.${c}.${d}`;
        const verdict = isPublicAddress(dotted);
        for (const mapped of [
          `::ffff:${dotted}`,
          `::ffff:${hex(a, b)}:${hex(c, d)}`,
          `0:0:0:0:0:ffff:${dotted}`,
          `0:0:0:0:0:FFFF:${hex(a, b)}:${hex(c, d)}`,
        ]) {
          expect(isPublicAddress(mapped), mapped).toBe(verdict);
        }
        // 6to4 and NAT64 reach the address they carry: never public when it is not.
        if (!verdict) {
          expect(isPublicAddress(`2002:${hex(a, b)}:${hex(c, d)}::1`)).toBe(false);
          expect(isPublicAddress(`64:ff9b::${hex(a, b)}:${hex(c, d)}`)).toBe(false);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('a saved URL is judged on the address its host stands for, however the URL spells it', () => {
    fc.assert(
      fc.property(v4, fc.integer({ min: 1, max: 65535 }), ([a, b, c, d], port) => {
        const dotted = `${a}.${b}.${c}.${d}`;
        const refused = !isPublicAddress(dotted);
        const spellings = [
          `http://${dotted}:${port}/`,
          `http://[::ffff:${dotted}]:${port}/`,
          `https://[::ffff:${hex(a, b)}:${hex(c, d)}]/hook`,
          `http://[0:0:0:0:0:ffff:${dotted}]/`,
          `http://${(a * 2 ** 24 + b * 2 ** 16 + c * 2 ** 8 + d).toString()}/`,
          `http://0x${a.toString(16)}.${b}.${c}.${d}/`,
        ];
        for (const url of spellings) {
          expect(webhookUrlProblem(url, false) !== undefined, url).toBe(refused);
          expect(webhookUrlProblem(url, true), url).toBeUndefined();
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('names that are loopback by definition are refused at save; other names wait for the connection', () => {
    for (const url of ['http://localhost:8080/', 'http://LOCALHOST./x', 'https://api.localhost/', 'http://[::1]/']) {
      expect(webhookUrlProblem(url, false), url).toMatch(/^Webhook URLs must reach a public address: .* \(loopback\)/);
    }
    expect(webhookUrlProblem('https://hooks.example.com/mailwright', false)).toBeUndefined();
    expect(nonPublicReason('::ffff:a9fe:a9fe')).toBe('linkLocal');
  });
});
