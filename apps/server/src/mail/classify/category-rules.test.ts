import { describe, expect, it } from 'vitest';
import { type BounceReply, classifyBounce } from './classify.ts';

/**
 * Wordings from the public sources each default rule cites (category-rules.ts), written here from those sources: the
 * receivers' published codes, mailing-list managers' refusals, KumoMTA's and PowerMTA's rule lists, the Japanese
 * carriers' notices. Each row: the reply, the category and hard/soft we want.
 */
const PUBLIC_WORDINGS: [source: string, reply: BounceReply, category: string, hard: boolean][] = [
  // Mailing lists and groups refusing a poster: the sender is not allowed, whatever language the notice is in.
  [
    'Google Groups template',
    {
      text: "We're writing to let you know that the group you tried to contact (team) may not exist, or you may not have permission to post messages to the group. If you have questions, visit the Help Center at https://groups.google.com/support/.",
    },
    'invalid-sender',
    false,
  ],
  [
    'Google Groups template, localised (the link is the same in every language)',
    {
      text: "Le groupe que vous avez essayé de contacter (team) n'existe pas ou vous n'avez pas l'autorisation d'y publier. Aide : https://groups.google.com/support/",
    },
    'invalid-sender',
    false,
  ],
  ['GNU Mailman', { text: 'Post by non-member to a members-only list' }, 'invalid-sender', false],
  ['LISTSERV', { text: 'You are not authorized to send mail to the TEAM-L list.' }, 'invalid-sender', false],
  // Facebook's postmaster response codes.
  [
    'Facebook RCP-P2',
    { text: "550 RCP-P2 The attempted recipient's preferences prevent messages from being delivered." },
    'policy-related',
    false,
  ],
  ['Facebook RCP-P1', { text: '550 RCP-P1 The attempted recipient address does not exist.' }, 'bad-mailbox', true],
  [
    'Facebook POL-P2',
    { text: "550 POL-P2 Facebook will no longer accept mail from your mail server's IP Address." },
    'spam-related',
    false,
  ],
  ['Facebook DNS-P1', { text: '550 DNS-P1 Your SMTP MAIL FROM domain does not exist.' }, 'invalid-sender', false],
  // QQ Mail's published SMTP codes.
  ['QQ Mail', { text: '550 Ip frequency limited' }, 'policy-related', false],
  ['QQ Mail', { text: '550 Domain frequency limited' }, 'policy-related', false],
  ['QQ Mail', { text: '550 Mail is rejected by recipients' }, 'policy-related', false],
  ['QQ Mail', { text: '550 Mail content denied' }, 'spam-related', false],
  ['QQ Mail', { text: '550 Suspected spam sender' }, 'spam-related', false],
  // Orange's bilingual replies.
  [
    'Orange OFR004_104',
    { text: '421 Trop de connexions, veuillez verifier votre configuration / Too many connections, slow down' },
    'policy-related',
    false,
  ],
  [
    'Orange OFR_999',
    {
      text: '421 mwinf ME Service refuse. Veuillez essayer plus tard. Service refused, please try later. OFR_999 [999]',
    },
    'spam-related',
    false,
  ],
  ['Orange / La Poste', { text: '550 5.5.0 The recipient account is blocked' }, 'inactive-mailbox', false],
  // KumoMTA community rules and PowerMTA's default patterns.
  ['KumoMTA', { text: '550 Account closed, please remove' }, 'inactive-mailbox', false],
  ['PowerMTA', { text: '550 conta inativa' }, 'inactive-mailbox', false],
  ['KumoMTA', { text: '553 sorry, no mailbox here by that name' }, 'bad-mailbox', true],
  ['KumoMTA', { text: '550 I cannot deliver mail for <a@example.com>' }, 'bad-mailbox', true],
  ['KumoMTA', { text: '550 5.1.0 recipient unrecognized' }, 'bad-mailbox', true],
  ['PowerMTA', { text: '550 User <a@example.com> not found' }, 'bad-mailbox', true],
  ['PowerMTA', { text: '550 <a@example.com> is not a valid mailbox' }, 'bad-mailbox', true],
  ['PowerMTA', { text: '550 Domain retired' }, 'bad-domain', true],
  [
    'qmail (KumoMTA)',
    { text: "553 sorry, that domain isn't in my list of allowed rcpthosts" },
    'relaying-issues',
    false,
  ],
  [
    'MDaemon/IMail (KumoMTA)',
    { text: '503 This mail server requires authentication when attempting to send to a non-local e-mail address' },
    'relaying-issues',
    false,
  ],
  ['KumoMTA', { text: '550 No MX for example.com' }, 'unreachable-mx', true],
  ['KumoMTA', { text: '550 Domain may not exist or DNS check failed' }, 'invalid-sender', false],
  ['sender address', { text: '550 Sender address <news@sender.test> invalid' }, 'invalid-sender', false],
  ['KumoMTA', { text: '550 5.7.1 Message rejected due to spam or virus classification' }, 'spam-related', false],
  ['KumoMTA', { text: '554 Message contains spam content' }, 'spam-related', false],
  [
    'KumoMTA',
    { text: '550 A URL in this email (bad.example) is listed on dbl.example. Please resolve and retry' },
    'spam-related',
    false,
  ],
  ['KumoMTA', { text: '550 Mailbox is full / Blocks limit exceeded / Inode limit exceeded' }, 'quota-issues', false],
  // Dynamic-IP refusals: Spamhaus PBL's advice, the Japanese ISPs' Outbound Port 25 Blocking notices.
  ['OP25B', { text: '550 5.7.0 Please relay your mail through the SMTP server of your ISP' }, 'spam-related', false],
  ['PBL', { text: "554 Mail from this host is refused; use your provider's SMTP server" }, 'spam-related', false],
  // Receivers' published texts and MTA defaults.
  [
    'Gmail 550-5.7.1',
    { text: "550-5.7.1 The IP you're using to send mail is not authorized to send email directly to our servers." },
    'spam-related',
    false,
  ],
  ['Gmail 550 5.4.5', { text: '550 5.4.5 Daily user sending limit exceeded.' }, 'policy-related', false],
  ['Mimecast', { text: '550 Administrative prohibition - envelope blocked' }, 'policy-related', false],
  ['Mimecast', { text: '550 #5.1.0 Address rejected a@example.com' }, 'bad-mailbox', true],
  ['Exim ACL', { text: '550 rejected: administrative prohibition' }, 'policy-related', false],
  [
    'Exim ACL naming a list',
    { text: '550 Administrative prohibition - host is listed in zen.spamhaus.org' },
    'spam-related',
    false,
  ],
  [
    'a relay host named smarthost',
    { text: 'host smarthost.example.com [192.0.2.1]: 550 5.7.1 Relaying denied' },
    'relaying-issues',
    false,
  ],
  ['sender domain named', { text: '550 Sender domain sender.test does not exist' }, 'invalid-sender', false],
  [
    'Postfix reject_unknown_reverse_client_hostname',
    { text: '450 4.7.1 Client host rejected: cannot find your reverse hostname, [192.0.2.1]' },
    'policy-related',
    false,
  ],
  ['qmail chkuser', { text: '553 sorry, your envelope sender has been denied (#5.7.1)' }, 'invalid-sender', false],
  ['common', { text: '550 This address no longer accepts mail.' }, 'inactive-mailbox', false],
  ['Sendmail queue timeout', { text: 'Cannot send message for 5 days', action: 'failed' }, 'message-expired', false],
  ['RFC 7505 4.2', { text: '550 5.7.27 Sender address has null MX' }, 'invalid-sender', false],
  ['common', { text: "550 The sender's domain does not exist" }, 'invalid-sender', false],
  ['Exim', { text: '451 Could not complete sender verify callout' }, 'invalid-sender', false],
  [
    'Amazon SES',
    { text: '554 Message rejected: Email address is not verified. The following identities failed the check' },
    'invalid-sender',
    false,
  ],
  ['PowerMTA', { text: '550 Account expired' }, 'inactive-mailbox', false],
  ['RFC 5321 3.1', { text: '554 No SMTP service here' }, 'unreachable-mx', true],
  ['Microsoft 5.4.310', { text: '550 5.4.310 DNS domain nope.example does not exist' }, 'bad-domain', true],
  ['Microsoft 5.4.4', { text: '554 5.4.4 SMTPSEND.DNS.NonExistentDomain; nonexistent domain' }, 'bad-domain', true],
  [
    'Microsoft DBEB, all recipients',
    { text: '550 5.4.1 All recipient addresses rejected : Access denied' },
    'bad-mailbox',
    true,
  ],
  ['common', { text: '554 5.7.1 The message contains a prohibited attachment' }, 'content-related', false],
  [
    'Postfix local(8) mailbox_size_limit',
    { text: 'cannot update mailbox /var/mail/a for user a. error writing message: File too large' },
    'quota-issues',
    false,
  ],
  ['Exim', { text: 'all relevant MX records point to non-existent hosts', action: 'failed' }, 'unreachable-mx', true],
  [
    'Postfix smtp',
    { text: 'lost connection with mx.example.com[192.0.2.1] while sending RCPT TO', action: 'failed' },
    'message-expired',
    false,
  ],
  [
    'Postfix smtp_tls_security_level=encrypt',
    { text: 'TLS is required, but was not offered by host mx.example.com[192.0.2.1]', action: 'failed' },
    'bad-configuration',
    false,
  ],
  ['RFC 3207', { text: '530 5.7.0 Must issue a STARTTLS command first' }, 'policy-related', false],
  // Context for broad words: "banned" is a block only of a sender or an IP (amavisd-new bans file types), a
  // blocklist is a recipient filter when it is the recipient's own.
  [
    'amavisd-new',
    { text: '554 5.7.0 Reject, id=12345-01 - BANNED: P=p003,L=1,M=multipart/mixed | P=p002,T=exe,N=setup.exe' },
    'content-related',
    false,
  ],
  ['Microsoft 5.7.606', { text: '550 5.7.606 Access denied, banned sending IP [192.0.2.1]' }, 'spam-related', false],
  ['QQ Mail', { text: "550 You are on this recipient's personal blacklist" }, 'policy-related', false],
  // sysexits.h EX_NOPERM, as Sendmail prints it.
  ['Sendmail', { text: '550 5.0.0 <a@example.com>... Insufficient permission' }, 'bad-configuration', false],
  // The Japanese carriers' and webmail notices: address not found, no such user, mailbox full, reception refused.
  ['Japanese', { text: '550 宛先のメールアドレスが見つかりません' }, 'bad-mailbox', true],
  ['Japanese', { text: '550 指定されたユーザは存在しません' }, 'bad-mailbox', true],
  ['Japanese', { text: '552 メールボックスの容量を超過しています' }, 'quota-issues', false],
  ['Japanese', { text: '552 メールボックスが一杯です' }, 'quota-issues', false],
  ['Japanese', { text: '550 受信拒否設定により送信できませんでした' }, 'policy-related', false],
  ['Japanese', { text: '550 指定されたドメインが見つかりません' }, 'bad-domain', true],
  // The Russian words of Mail.ru's and Yandex's notices.
  ['Russian', { text: '550 Пользователь не найден' }, 'bad-mailbox', true],
  ['Russian', { text: '552 Почтовый ящик переполнен' }, 'quota-issues', false],
];

describe('default category rules on the wordings of their public sources', () => {
  it.each(PUBLIC_WORDINGS)('%s: %o -> %s (hard %s)', (_source, reply, category, hard) => {
    const result = classifyBounce(reply);
    expect({ category: result.category, hard: result.hard }).toEqual({ category, hard });
  });

  it('an unknown user or domain at MAIL FROM is our sender (RFC 5321 4.1.1.2), not the recipient', () => {
    expect(classifyBounce({ text: '553 5.1.1 <news@sender.test>... User unknown', stage: 'MAIL' })).toMatchObject({
      category: 'invalid-sender',
      hard: false,
    });
    expect(classifyBounce({ text: '550 Domain not found', stage: 'MAIL' }).category).toBe('invalid-sender');
  });

  it('"rejected by the recipient domain" (a relay naming who refused) is not a recipient filter', () => {
    const result = classifyBounce({
      text: 'Google tried to deliver your message, but it was rejected by the recipient domain: 550 5.1.1 user unknown',
    });
    expect(result.category).toBe('bad-mailbox');
  });
});
