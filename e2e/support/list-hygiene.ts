import type { Page } from '@playwright/test';
import { type LocalDns, startLocalDns } from '../../apps/server/src/test/local-dns.ts';
import { apiToken, callApi } from './api.ts';
import { admin, test as base, expect } from './fixtures.ts';
import type { MailwrightServer } from './server.ts';

/**
 * List hygiene and the operators' rules from the console (issue 5): suppressions with a CSV upload, the allow-list,
 * bounce-category patterns with their test panel, and the URI blocklist refusing a message. The sending domain is
 * verified for real: a local DNS server answers with the records the server asks for (DNS_SERVERS).
 *
 * The journeys of suppressions, recipient-allowlist, patterns and uri-lists.spec.ts share one server of their own
 * (serverName 'list-hygiene', for the DNS environment below): Playwright runs those files in one worker.
 */
export const test = base.extend<{ page: Page }, { dns: LocalDns }>({
  dns: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const dns = await startLocalDns();
      await use(dns);
      await dns.stop();
    },
    { scope: 'worker' },
  ],
  serverEnv: [async ({ dns }, use) => use({ DNS_SERVERS: dns.servers.join(',') }), { scope: 'worker' }],
  serverName: ['list-hygiene', { scope: 'worker' }],
  /**
   * Every snackbar message the page shows is recorded as it appears: a notification stays only 2 s, which a loaded
   * machine can let slip between two looks. `expectNotice` waits for the text, then forgets what was seen so far.
   */
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      const counted = new WeakSet<Element>();
      Object.assign(window, { shownNotices: seen });
      new MutationObserver(() => {
        for (const element of document.querySelectorAll(
          '.MuiSnackbarContent-message, .MuiSnackbar-root .MuiAlert-message',
        )) {
          if (counted.has(element) || !element.textContent) continue;
          counted.add(element);
          seen.push(element.textContent);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await use(page);
  },
});

export { expect };

export const DOMAIN = 'hygiene.test';

interface DnsRecord {
  kind: string;
  type: 'TXT' | 'MX' | 'CNAME';
  host: string;
  value: string;
  priority: number | null;
}

/** The admin's token and the verified domain's id, set up once per server through the API. */
export async function verifiedDomain(server: MailwrightServer, dns: LocalDns): Promise<{ token: string; did: number }> {
  const { username, password } = admin(server);
  const token = await apiToken(server, username, password);
  const list = await callApi(server, 'GET', '/domains', { token });
  const existing = list.body.data.items.find((d: { name: string }) => d.name === DOMAIN);
  const domain = existing ?? (await callApi(server, 'POST', '/domains', { token, body: { name: DOMAIN } })).body.data;
  if (domain.state !== 'verified') {
    for (const record of domain.records as DnsRecord[]) {
      if (record.type === 'MX')
        dns.set(record.host, 'MX', [{ exchange: record.value, priority: record.priority ?? 10 }]);
      else if (record.type === 'TXT') dns.set(record.host, 'TXT', [record.value]);
      else dns.set(record.host, 'CNAME', [record.value]);
    }
    const verified = await callApi(server, 'PUT', `/domains/${domain.did}/verify`, { token });
    expect(verified.body.data.state).toBe('verified');
  }
  return { token, did: domain.did };
}

export async function expectNotice(page: Page, text: string): Promise<void> {
  const shown = () => page.evaluate(() => (window as unknown as { shownNotices: string[] }).shownNotices);
  await expect.poll(shown).toContain(text);
  await page.evaluate(() => {
    (window as unknown as { shownNotices: string[] }).shownNotices.length = 0;
  });
}
