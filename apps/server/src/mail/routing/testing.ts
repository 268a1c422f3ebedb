import type { Domain } from '@mailwright/contract';
import type { MailEnv } from '../testing/mail-env.ts';

/**
 * Publishes what the domain's DNS records ask for in the tests' local DNS (the receiving MX among them, unless
 * `receiving` is false) and verifies the domain through the API, as a customer would (docs/domains.md). Answers the
 * verified domain; throws when it does not verify for sending.
 */
export async function publishAndVerify(env: MailEnv, did: number, options: { receiving?: boolean } = {}) {
  const token = env.tenant.admin.token;
  const domain = (await env.t.request<Domain>('GET', `/api/domains/${did}`, { token })).body.data as Domain;
  for (const r of domain.records) {
    if (r.kind === 'receiving' && options.receiving === false) continue;
    if (r.type === 'MX') env.dns.set(r.host, 'MX', [{ exchange: r.value, priority: r.priority ?? 10 }]);
    else if (r.type === 'CNAME') env.dns.set(r.host, 'CNAME', [r.value]);
    else env.dns.set(r.host, 'TXT', [r.value]);
  }
  const verified = (await env.t.request<Domain>('PUT', `/api/domains/${did}/verify`, { token })).body.data as Domain;
  if (verified.state !== 'verified') throw new Error(`${domain.name} did not verify: ${JSON.stringify(verified)}`);
  return verified;
}
