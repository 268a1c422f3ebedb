import type { Page } from '@playwright/test';
import { apiToken, callApi } from './support/api.ts';
import { customerAdmin } from './support/customer-admin.ts';
import { admin, expect, signIn, test } from './support/fixtures.ts';
import type { MailwrightServer } from './support/server.ts';

/**
 * Issue 10 kept as a probe: stored XSS payloads in every text field the API accepts, then every screen of the console
 * as the customer's admin and as the superadmin. A payload that runs bumps window.__xss or opens a dialog; a payload
 * that is escaped shows as text. A field whose API refuses the payload is safe too, and is only counted.
 */
test.use({ serverName: 'stored-xss' });
// Two sign-ins and some thirty screens each, on a shared 2-core machine.
test.setTimeout(180_000);

const IMG = '<img src=x onerror="window.__xss=(window.__xss||0)+1">';
// 49 characters: fits the 50-character fields (template version tags).
const SVG = '"><svg onload="window.__xss=(window.__xss||0)+1">';
const LINK = 'javascript:window.__xss=1';

interface Probe {
  field: string;
  status: number;
  message?: string;
}

async function store(
  server: MailwrightServer,
  probes: Probe[],
  field: string,
  method: string,
  path: string,
  token: string,
  body: unknown,
) {
  const answer = await callApi(server, method, path, { token, body });
  // Refused (4xx) is safe; a 500 is not an answer an input deserves.
  expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
  probes.push({ field, status: answer.status, message: answer.body?.errors?.[0]?.message ?? answer.body?.message });
  return answer;
}

/** Visits every screen of the sidebar and every tab it shows; answers the text the screens rendered. */
async function visitEveryScreen(page: Page): Promise<string> {
  const seen = new Set<string>();
  const queue: string[] = [];
  const collect = async (selector: string) => {
    for (const href of await page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      if (!href?.startsWith('/') || seen.has(href)) continue;
      seen.add(href);
      queue.push(href);
    }
  };
  await collect('nav[aria-label="Main menu"] a[href]');
  let text = '';
  while (queue.length > 0) {
    const href = queue.shift() as string;
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 }).first(), href).toBeVisible();
    // Lists load after the heading: let the network settle so stored values are on screen.
    await page.waitForLoadState('networkidle');
    await collect('nav[aria-label="Main menu"] a[href]');
    await collect('[role="tablist"] a[href]');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), href).toBeUndefined();
    expect(await page.locator('a[href^="javascript:" i]').count(), `${href}: a javascript: link`).toBe(0);
    text += `\n${await page.locator('body').innerText()}`;
  }
  expect(seen.size).toBeGreaterThan(3);
  return text;
}

test('issue 10: stored XSS payloads in every text field stay text on every screen', async ({ page, server }) => {
  const probes: Probe[] = [];
  const operator = await apiToken(server, admin(server).username, admin(server).password);

  // The customer's name and its admin's full name carry the payload (customerAdmin names both after the customer).
  const customerName = `Xss ${IMG}`;
  const customer = await customerAdmin(server, customerName, 'xss.admin', 'xss-admin-pass-1');
  const own = await callApi(server, 'GET', '/customers?limit=1000', { token: operator });
  const cid = own.body.data.items.find((c: { customer: string }) => c.customer === customerName).cid;

  await store(server, probes, 'company', 'PUT', '/account/company', customer, {
    name: `Co ${SVG}`,
    address: IMG,
    city: SVG,
    country: IMG,
    vat_id: SVG,
    website: '',
  });
  await store(server, probes, 'company website', 'PUT', '/account/company', customer, {
    name: `Co ${SVG}`,
    website: LINK,
  });
  await store(server, probes, 'user full_name', 'POST', '/users', customer, {
    username: 'xss.user',
    password: 'xss-user-pass-1',
    role: 'user',
    full_name: SVG,
  });
  const domain = await store(server, probes, 'domain', 'POST', '/domains', customer, { name: 'xss-probe.test' });
  const did = domain.body.data.did as number;
  await store(server, probes, 'primary key note', 'POST', '/tokens', customer, { role: 'primary', note: IMG });
  await store(server, probes, 'sending key note', 'POST', `/tokens/${did}`, customer, { role: 'sending', note: SVG });
  await store(server, probes, 'SMTP credential note', 'POST', `/domains/${did}/credentials`, customer, {
    login: 'postmaster',
    note: IMG,
  });
  await store(server, probes, 'suppression reason', 'POST', `/suppressions/${did}/bounce`, customer, {
    recipient: 'gone@rcpt.test',
    reason: IMG,
  });
  await store(server, probes, 'domain pattern note', 'POST', `/domains/${did}/patterns`, customer, {
    pattern: 'probe.test',
    note: SVG,
  });
  await store(server, probes, 'allow-list note', 'POST', `/whitelists/${did}`, customer, {
    recipient: 'ok@rcpt.test',
    note: IMG,
  });
  await store(server, probes, 'URI allow-list note', 'POST', '/whitelists/uris', customer, {
    uri: 'example.com',
    note: SVG,
  });
  await store(server, probes, 'template', 'POST', `/templates/${did}`, customer, {
    name: 'xss-probe',
    description: IMG,
    subject: SVG,
    text: 'Hello',
  });
  await store(server, probes, 'template version tag', 'POST', `/templates/${did}`, customer, {
    name: 'xss-probe-tag',
    text: 'Hello',
    tag: SVG,
  });
  await store(server, probes, 'route description', 'POST', `/routes/${did}`, customer, {
    priority: 10,
    description: IMG,
    expression: { type: 'catch_all' },
    mode: 'hold',
  });
  await store(server, probes, 'webhook URL', 'POST', `/domains/${did}/webhooks`, customer, {
    type: 'delivered',
    url: LINK,
  });

  // The operators' own fields.
  await store(server, probes, 'news', 'POST', '/news', operator, { content: `<p>News ${IMG} ${SVG}</p>` });
  await store(server, probes, 'customer company', 'PUT', `/customers/${cid}`, operator, {
    customer: customerName,
    company: { address: SVG, city: IMG, country: SVG, vat_id: SVG, website: '' },
  });
  await store(server, probes, 'customer website', 'PUT', `/customers/${cid}`, operator, {
    customer: customerName,
    company: { address: SVG, city: IMG, country: SVG, vat_id: SVG, website: LINK },
  });
  await store(server, probes, 'global suppression reason', 'POST', '/suppressions/global/bounce', operator, {
    recipient: 'global@rcpt.test',
    reason: SVG,
  });
  await store(server, probes, 'SMTP pattern note', 'POST', '/system/smtp/patterns', operator, {
    pattern: 'xss probe',
    note: IMG,
    action: 'retry',
  });
  await store(server, probes, 'bounce category pattern note', 'POST', '/system/smtp/bouncecat', operator, {
    pattern: 'xss probe',
    note: SVG,
    category: 'bad-mailbox',
  });
  await store(server, probes, 'URI blocklist note', 'POST', '/system/uribl', operator, {
    uri: 'evil-probe.test',
    note: IMG,
  });
  const stored = probes.filter((p) => p.status === 200).map((p) => p.field);
  console.log(`stored XSS probe: ${stored.length} of ${probes.length} fields stored (${stored.join(', ')})`);
  for (const refused of probes.filter((p) => p.status !== 200))
    console.log(`refused: ${refused.field} (${refused.status} ${refused.message})`);
  expect(stored.length).toBeGreaterThan(10);

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  await signIn(page, 'xss.admin', 'xss-admin-pass-1');
  const customerText = await visitEveryScreen(page);
  // Escaped, not dropped: the payloads reached the customer's screens as text.
  expect(customerText).toContain(IMG);
  expect(customerText).toContain(SVG);

  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, admin(server).username, admin(server).password);
  const operatorText = await visitEveryScreen(page);
  // The operators' own lists (SMTP patterns, URI blocklist, bounce categories) show their notes as text.
  expect(operatorText).toContain(IMG);
  expect(operatorText).toContain(SVG);

  expect(dialogs).toEqual([]);
});
