import type { BounceCategory } from '@mailwright/contract/constants';

/**
 * RFC 3463 enhanced status code -> bounce category, used when no text rule matches.
 * Keys are "subject.detail" (the class digit is ignored: 4.2.2 and 5.2.2 are both quota-issues);
 * a key with only the subject ("4") is the fallback for any detail of that subject.
 */
const BY_SUBJECT_DETAIL: Record<string, BounceCategory> = {
  '1.1': 'bad-mailbox',
  '1.2': 'bad-domain',
  // X.1.3 "Bad destination mailbox address syntax": the address cannot exist. PowerMTA's stock pattern
  // /^[45]\.1\.[1346];/ and KumoMTA's iana.toml (x.1.1-x.1.4 InvalidRecipient) both read it as a bad mailbox.
  '1.3': 'bad-mailbox',
  '1.4': 'bad-mailbox',
  '1.5': 'bad-mailbox',
  '1.6': 'bad-mailbox',
  '1.7': 'invalid-sender',
  '1.8': 'invalid-sender',
  '1.10': 'unreachable-mx',
  '2.1': 'inactive-mailbox',
  '2.2': 'quota-issues',
  '2.3': 'quota-issues',
  '2.4': 'bad-mailbox',
  // X.3.0 "the destination system exists and normally accepts mail, but something about the system" failed.
  '3.0': 'bad-configuration',
  '3.1': 'quota-issues',
  '3.2': 'bad-configuration',
  '3.3': 'content-related',
  '3.4': 'content-related',
  '3.5': 'bad-configuration',
  '4.0': 'routing-errors',
  '4.1': 'no-answer-from-host',
  '4.2': 'bad-connection',
  '4.3': 'routing-errors',
  '4.4': 'routing-errors',
  '4.5': 'bad-connection',
  '4.6': 'routing-errors',
  '4.7': 'message-expired',
  '5': 'protocol-errors',
  '6': 'content-related',
  '7.0': 'policy-related',
  '7.1': 'policy-related',
  '7.2': 'policy-related',
  '7.3': 'policy-related',
  '7.4': 'policy-related',
  '7.5': 'policy-related',
  '7.6': 'policy-related',
  '7.7': 'content-related',
  '7.8': 'policy-related',
  '7.13': 'inactive-mailbox',
  '7.17': 'bad-mailbox',
  '7.18': 'bad-domain',
  '7.26': 'policy-related',
  '7.27': 'invalid-sender',
  '7': 'policy-related',
};

/**
 * Codes whose permanent form says more than their transient one. 5.3.2 is what RFC 7504 pairs with its 521 reply
 * ("host does not accept mail"): a host that refuses mail for good, where 4.3.2 is one shutting down for a while.
 */
const PERMANENT_ONLY: Record<string, BounceCategory> = {
  '3.2': 'unreachable-mx',
};

const STATUS = /^([245])\.(\d{1,3})\.(\d{1,3})$/;

export function categoryFromStatus(status: string | undefined): BounceCategory | undefined {
  const m = status ? STATUS.exec(status.trim()) : null;
  if (!m) return undefined;
  const [, cls, subject, detail] = m;
  if (cls === '2') return undefined;
  const key = `${subject}.${detail}`;
  return (
    (cls === '5' ? PERMANENT_ONLY[key] : undefined) ?? BY_SUBJECT_DETAIL[key] ?? BY_SUBJECT_DETAIL[subject as string]
  );
}

/**
 * What a bare SMTP reply code says when the status says nothing specific (RFC 5321 4.2.2-4.2.3; RFC 7504): 500-504
 * are the command or its syntax refused, 521 a host and 556 a domain that accepts no mail at all.
 */
export function categoryFromReplyCode(code: number | undefined): BounceCategory | undefined {
  if (code === 521 || code === 556) return 'unreachable-mx';
  if (code !== undefined && code >= 500 && code <= 504) return 'protocol-errors';
  return undefined;
}

/** Pulls the first RFC 3463 status ("5.1.1") out of a reply text, e.g. "550 5.1.1 <a@b>: User unknown". */
export function statusFromText(text: string): string | undefined {
  // Only failure classes: a transcript's "250 2.1.5 Ok" before the refusal is not the answer that failed.
  // "550-5.1.1" is a multi-line reply's continuation prefix.
  // Log-style "dsn=5.1.1", "<5.1.1>" and a sentence's final "5.1.1." count too. RFC 3463 defines subjects 0 to 7
  // only, so a version number ("Exim 4.94.2") is not taken for a status.
  const m = /(?:^|[\s(#[:'"=<>/]|\d{3}-)([45]\.[0-7]\.\d{1,3})(?=$|[\s):;,\]'"<>]|\.(?:$|\s))/.exec(text);
  return m?.[1];
}

/** Pulls a leading SMTP reply code ("550") out of a reply text. */
export function codeFromText(text: string): number | undefined {
  const m = /(?:^|\s)([245]\d\d)(?=[\s-]|$)/.exec(text);
  return m ? Number(m[1]) : undefined;
}
