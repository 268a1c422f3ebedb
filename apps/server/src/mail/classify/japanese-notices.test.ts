import { describe, expect, it } from 'vitest';
import { readMessage } from './dsn.ts';
import { readInboundReport } from './inbound-report.ts';

/**
 * Japanese notices sent without a Japanese charset label (no charset at all, or us-ascii/utf-8 over other bytes), as
 * the mobile carriers' and old MTAs' notices often are. The bytes are the words below, encoded here; the wordings are
 * the carriers' published kinds of notice (the recipient does not exist; refused by the recipient's reception-refusal
 * setting, 受信拒否).
 */
const HEX = {
  // 送信したメールは以下の理由により配信できませんでした。 (Shift_JIS)
  intro: '9197904d82b582bd8381815b838b82cd88c889ba82cc979d975282c982e682e8947a904d82c582ab82dc82b982f182c582b582bd8142',
  // ユーザが存在しません (Shift_JIS)
  unknownSjis: '8386815b835582aa91b68ddd82b582dc82b982f1',
  // ユーザが存在しません (ISO-2022-JP, 7 bit with escape sequences)
  unknownJis: '1b24422566213c2536242c42383a5f2437245e243b24731b2842',
  // ユーザが存在しません (EUC-JP)
  unknownEuc: 'a5e6a1bca5b6a4acc2b8badfa4b7a4dea4bba4f3',
  // 受信拒否設定により、メールを受け付けませんでした。 (ISO-2022-JP)
  refusedJis:
    '1b24423c753f2e3571485d405f446a244b2468246a21222561213c256b24723c75243149552431245e243b247324472437243f21231b2842',
};

const message = (contentType: string, ...parts: (string | Buffer)[]) =>
  Buffer.concat([
    Buffer.from(
      `From: postmaster@mail.example.jp\nTo: sender@example.org\nSubject: Mail Delivery Failure\n${contentType}\n`,
    ),
    ...parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)),
  ]);
const hex = (value: string) => Buffer.from(value, 'hex');

describe('Japanese notices without a Japanese charset label', () => {
  it('reads ISO-2022-JP by its escape sequences, Shift_JIS and EUC-JP by their bytes', () => {
    const words = 'ユーザが存在しません';
    expect(readMessage(message('', hex(HEX.unknownJis))).text).toBe(words);
    expect(readMessage(message('Content-Type: text/plain; charset=us-ascii\n', hex(HEX.unknownJis))).text).toBe(words);
    expect(readMessage(message('', hex(HEX.unknownSjis))).text).toBe(words);
    expect(readMessage(message('Content-Type: text/plain; charset=utf-8\n', hex(HEX.unknownEuc))).text).toBe(words);
  });

  it('keeps unlabelled Latin-1 text as it was (no kana, no Japanese reading)', () => {
    const latin = Buffer.from('r\xe9sum\xe9 caf\xe9', 'latin1');
    expect(readMessage(message('', latin)).text).toBe(new TextDecoder('utf-8').decode(latin));
  });

  it('classifies an unlabelled Shift_JIS notice that the user does not exist as a bad mailbox (hard)', () => {
    const raw = message('', hex(HEX.intro), '\n\nnobody@example.jp\n', hex(HEX.unknownSjis), '\n');
    const report = readInboundReport(raw);
    if (report.kind !== 'bounce') throw new Error(report.kind);
    expect(report.recipients.map((r) => [r.recipient, r.classification.category, r.classification.hard])).toEqual([
      ['nobody@example.jp', 'bad-mailbox', true],
    ]);
  });

  it("classifies an ISO-2022-JP notice of the recipient's reception refusal as a refusal, not a bad address", () => {
    const raw = message('', 'nobody@example.jp\n', hex(HEX.refusedJis), '\n');
    const report = readInboundReport(raw);
    if (report.kind !== 'bounce') throw new Error(report.kind);
    const [recipient] = report.recipients;
    expect(recipient?.recipient).toBe('nobody@example.jp');
    expect(recipient?.classification.hard).toBe(false);
    expect(recipient?.classification.category).toBe('policy-related');
  });
});
