import { describe, expect, it } from 'vitest';
import { stageFromText } from './smtp-stage.ts';

/**
 * The SMTP stage read from a session transcript (">>> " what was sent, "<<< " what came back, as Sendmail and Courier
 * write it). Replies answer commands in order, pipelined or not (RFC 5321 4.1, RFC 2920 3.1); a "354" means the
 * content went out (RFC 5321 4.3.2). Transcripts written here from that grammar.
 */
const both = (transcript: string) => [stageFromText(transcript), stageFromText(transcript.replace(/\s+/g, ' '))];

describe('the SMTP stage from a session transcript', () => {
  it('pairs each reply with its command, one at a time', () => {
    const rcpt =
      '>>> MAIL From:<s@example.org> SIZE=120\n<<< 250 2.1.0 <s@example.org>... Sender ok\n>>> RCPT To:<a@example.com>\n<<< 550 5.1.1 <a@example.com>... User unknown';
    expect(both(rcpt)).toEqual(['RCPT', 'RCPT']);
    const mail =
      '>>> EHLO out.example.org\n<<< 250-mx.example.com\n<<< 250 PIPELINING\n>>> MAIL From:<s@example.org>\n<<< 553 5.1.8 Sender domain does not exist';
    expect(both(mail)).toEqual(['MAIL', 'MAIL']);
  });

  it('pairs pipelined commands with the replies that come back in order', () => {
    const pipelined =
      '>>> MAIL From:<s@example.org>\n>>> RCPT To:<a@example.com>\n>>> DATA\n<<< 250 2.1.0 ok\n<<< 550 5.1.1 unknown\n<<< 503 5.5.1 No recipients';
    expect(both(pipelined)).toEqual(['RCPT', 'RCPT']);
  });

  it("a refusal after the content ('>>> .' or after a 354) is at DATA, not at RCPT", () => {
    const full =
      '>>> MAIL From:<s@example.org>\n<<< 250 ok\n>>> RCPT To:<a@example.com>\n<<< 250 ok\n>>> DATA\n<<< 354 go ahead\n>>> .\n<<< 554 5.7.1 Message rejected as spam';
    expect(both(full)).toEqual(['DATA', 'DATA']);
    // Sendmail shows a pipelined batch by its last command only.
    const batch =
      '>>> DATA\n<<< 354 Enter mail, end with "." on a line by itself\n<<< 554 5.7.1 Message rejected as spam';
    expect(both(batch)).toEqual(['DATA', 'DATA']);
  });

  it('stays undecided when the replies cannot be paired for sure', () => {
    // Three commands sent together, one reply shown: it may answer any of them.
    expect(
      both('>>> MAIL From:<s@example.org>\n>>> RCPT To:<a@example.com>\n>>> DATA\n<<< 554 5.7.1 rejected'),
    ).toEqual([undefined, undefined]);
    // A reply without the commands around it.
    expect(both('<<< 550 5.1.1 User unknown')).toEqual([undefined, undefined]);
  });

  it("keeps Sendmail's abbreviated pipelining: a refusal followed by DATA's own reply answered RCPT TO", () => {
    expect(
      both('>>> DATA\n<<< 550 5.1.1 <a@example.com>: User unknown\n<<< 554 5.5.1 Error: no valid recipients'),
    ).toEqual(['RCPT', 'RCPT']);
  });
});
