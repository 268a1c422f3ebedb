import { type DnsRecord, type DnsRecordKind, type Domain, REQUIRED_DNS_RECORDS } from '@mailwright/contract';
import type { Config } from '../../config.ts';
import { dkimRecordValue, parseDkimTags } from '../../mail/dns/dkim-keys.ts';
import type { DnsAnswer, DnsClient, MxRecord } from '../../mail/dns/resolver.ts';
import type { DomainRow, StoredRecordCheck, StoredRecords } from './domains.repo.ts';

export type DnsTargets = Pick<Config, 'spfInclude' | 'inboundMxHost' | 'trackingHost'>;

type Expected = Pick<DnsRecord, 'kind' | 'type' | 'host' | 'value' | 'priority' | 'required' | 'description'>;

const RECOMMENDED =
  'Recommended, not required for sending: reported by verification, but the domain verifies without it.';

/** The records a customer publishes for a domain, in the order the console shows them. */
export function expectedRecords(targets: DnsTargets, domain: DomainRow): Expected[] {
  const required = (kind: DnsRecordKind) => REQUIRED_DNS_RECORDS.includes(kind);
  return [
    {
      kind: 'spf',
      type: 'TXT',
      host: domain.name,
      value: `v=spf1 include:${targets.spfInclude} ~all`,
      priority: null,
      required: required('spf'),
      description: `Required. Lets receivers accept our servers for your domain. If the domain already has an SPF record, add include:${targets.spfInclude} to it: a domain may have only one (RFC 7208 3.2).`,
    },
    {
      kind: 'dkim',
      type: 'TXT',
      host: `${domain.dkim_selector}._domainkey.${domain.name}`,
      value: dkimRecordValue(domain.dkim_public_key),
      priority: null,
      required: required('dkim'),
      description:
        'Required. The public key receivers check our DKIM signatures with; after a key rotation, publish the new record and verify again.',
    },
    {
      kind: 'dmarc',
      type: 'TXT',
      host: `_dmarc.${domain.name}`,
      value: 'v=DMARC1; p=none;',
      priority: null,
      required: required('dmarc'),
      description: `${RECOMMENDED} Any record beginning with v=DMARC1 is accepted.`,
    },
    {
      kind: 'return_path',
      type: 'MX',
      host: domain.bounce_host,
      value: targets.inboundMxHost,
      priority: 10,
      required: required('return_path'),
      description: 'Required. The return-path (bounce) host: bounces and complaints come back to us through this MX.',
    },
    {
      kind: 'tracking',
      type: 'CNAME',
      host: domain.tracking_host,
      value: targets.trackingHost,
      priority: null,
      required: required('tracking'),
      description: `${RECOMMENDED} Open and click tracking links use this host name.`,
    },
    {
      kind: 'receiving',
      type: 'MX',
      host: domain.name,
      value: targets.inboundMxHost,
      priority: 10,
      required: false,
      description:
        'For inbound routes only, not required for sending: mail to addresses at the domain itself comes to our inbound MX, which takes it for your routes once this record verified. Publish it only if this domain receives its mail through Mailwright (it replaces the MX of any mailbox provider).',
    },
  ];
}

type Verdict = Pick<StoredRecordCheck, 'state' | 'found'>;

function judgeSpf(txt: string[], include: string): Verdict {
  const spf = txt.filter((value) => /^v=spf1(\s|$)/i.test(value.trim()));
  if (spf.length === 0) return { state: 'missing', found: [] };
  // RFC 7208 4.5: more than one SPF record is a permanent error for receivers, whatever each one says.
  if (spf.length > 1) return { state: 'invalid', found: spf };
  const terms = (spf[0] as string).toLowerCase().split(/\s+/);
  const ok = terms.some((term) => term.replace(/^\+/, '') === `include:${include}`);
  return { state: ok ? 'valid' : 'invalid', found: spf };
}

function judgeDkim(txt: string[], publicKey: string): Verdict {
  if (txt.length === 0) return { state: 'missing', found: [] };
  const ok = txt.some((value) => {
    const tags = parseDkimTags(value);
    const version = tags.get('v');
    const keyType = tags.get('k');
    return (
      tags.get('p') === publicKey && (version === undefined || version === 'DKIM1') && (keyType ?? 'rsa') === 'rsa'
    );
  });
  return { state: ok ? 'valid' : 'invalid', found: txt };
}

function judgeDmarc(txt: string[]): Verdict {
  const dmarc = txt.filter((value) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(value.trim()));
  if (txt.length === 0) return { state: 'missing', found: [] };
  // RFC 7489 6.6.3: with more than one DMARC record, receivers apply none.
  return { state: dmarc.length === 1 ? 'valid' : 'invalid', found: txt };
}

function judgeOne(values: string[], expected: string): Verdict {
  if (values.length === 0) return { state: 'missing', found: [] };
  return { state: values.includes(expected.toLowerCase()) ? 'valid' : 'invalid', found: values };
}

/**
 * The receiving MX is valid when our inbound host is the domain's most preferred exchanger (RFC 5321 5.1: senders try
 * the lowest preference first; a backup MX of ours behind another provider would get only that provider's overflow).
 */
function judgeReceiving(values: MxRecord[], inboundMxHost: string): Verdict {
  if (values.length === 0) return { state: 'missing', found: [] };
  const best = Math.min(...values.map((record) => record.priority));
  const preferred = values.filter((record) => record.priority === best).map((record) => record.exchange);
  return {
    state: preferred.includes(inboundMxHost.toLowerCase()) ? 'valid' : 'invalid',
    found: values.map((record) => record.exchange),
  };
}

/** Looks every record up through `dns` (in parallel) and judges it against what we asked the customer to publish. */
export async function checkRecords(dns: DnsClient, targets: DnsTargets, domain: DomainRow): Promise<StoredRecords> {
  const expected = expectedRecords(targets, domain);
  const at = (kind: DnsRecordKind) => expected.find((record) => record.kind === kind) as Expected;
  const [spf, dkim, dmarc, mx, cname, receiving] = await Promise.all([
    dns.txt(at('spf').host),
    dns.txt(at('dkim').host),
    dns.txt(at('dmarc').host),
    dns.mx(at('return_path').host),
    dns.cname(at('tracking').host),
    dns.mx(at('receiving').host),
  ]);
  const checkedAt = new Date().toISOString();
  const result = (kind: DnsRecordKind, answer: DnsAnswer<unknown>, verdict: Verdict): StoredRecordCheck => ({
    host: at(kind).host,
    value: at(kind).value,
    ...verdict,
    error: answer.error,
    checked_at: checkedAt,
  });
  return {
    spf: result('spf', spf, judgeSpf(spf.values, targets.spfInclude)),
    dkim: result('dkim', dkim, judgeDkim(dkim.values, domain.dkim_public_key)),
    dmarc: result('dmarc', dmarc, judgeDmarc(dmarc.values)),
    return_path: result(
      'return_path',
      mx,
      judgeOne(
        mx.values.map((record) => record.exchange),
        targets.inboundMxHost,
      ),
    ),
    tracking: result('tracking', cname, judgeOne(cname.values, targets.trackingHost)),
    receiving: result('receiving', receiving, judgeReceiving(receiving.values, targets.inboundMxHost)),
  };
}

/** A domain verifies when every required record is valid. */
export const isVerified = (records: StoredRecords) =>
  REQUIRED_DNS_RECORDS.every((kind) => records[kind]?.state === 'valid');

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

const SANDBOX_NOTICE =
  'This is your sandbox domain: it has no DNS records to publish and counts as verified. Its mail runs the whole ' +
  'pipeline (DKIM, queue, delivery, events, tracking, webhooks) but is delivered only to the built-in catch-all MX, ' +
  'whatever the recipient: read it in the Sandbox inbox.';

const isLocalName = (host: string) => !host.includes('.') || host === 'localhost' || host.endsWith('.localhost');

/** Records that name localhost are useless to receivers: say so (MAIL_HOSTNAME unset or local). */
function dnsNotice(targets: DnsTargets): string | null {
  const local = [targets.spfInclude, targets.inboundMxHost, targets.trackingHost].some((host) =>
    isLocalName(host.replace(/^_spf\./, '')),
  );
  if (!local) return null;
  return (
    'These records name localhost: the operator has not set MAIL_HOSTNAME (or SPF_INCLUDE, INBOUND_MX_HOST, ' +
    'TRACKING_HOST name a local host), so receivers could not use them. Ask your operator to set MAIL_HOSTNAME to ' +
    "this server's public mail host name; to try sending meanwhile, use your sandbox domain."
  );
}

/** The API shape: the records to publish with the state of each from the last check of that same host and value. */
export function toDomain(targets: DnsTargets, row: DomainRow): Domain {
  const records = (row.sandbox ? [] : expectedRecords(targets, row)).map((record): DnsRecord => {
    const check = row.records?.[record.kind];
    const current = check && check.host === record.host && check.value === record.value ? check : undefined;
    return {
      ...record,
      state: current?.state ?? 'unchecked',
      found: current?.found ?? [],
      error: current?.error ?? null,
      checked_at: current?.checked_at ?? null,
    };
  });
  return {
    did: row.id,
    cid: row.customer_id,
    name: row.name,
    state: row.state,
    dkim_selector: row.dkim_selector,
    bounce_host: row.bounce_host,
    tracking_host: row.tracking_host,
    open_tracking: row.open_tracking,
    click_tracking: row.click_tracking,
    unsubscribe_tracking: row.unsubscribe_tracking,
    sandbox: row.sandbox,
    records,
    dns_notice: row.sandbox ? SANDBOX_NOTICE : dnsNotice(targets),
    checked_at: iso(row.checked_at),
    verified_at: iso(row.verified_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}
