import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/**
 * How inject.ts and own.ts hand messages to the MTA under test: over SMTP to 127.0.0.1:25, or with `--sendmail <path>`
 * through the MTA's sendmail command (dma listens on no port).
 */
export function mtaTransport(flags: readonly string[]) {
  const at = flags.indexOf('--sendmail');
  const path = at >= 0 ? flags[at + 1] : undefined;
  return path
    ? nodemailer.createTransport({ sendmail: true, path })
    : nodemailer.createTransport({ host: '127.0.0.1', port: 25, secure: false, ignoreTLS: true });
}

/** A message to hand over, in the same layout every time: only what the plan varies differs between them. */
export function capturedMessage(m: {
  from: string;
  to: readonly string[];
  subject: string;
  messageId: string;
  top?: readonly string[];
  body: string;
}): string {
  return [
    ...(m.top ?? []),
    `From: Capture <${m.from}>`,
    `To: ${m.to.join(', ')}`,
    `Subject: ${m.subject}`,
    `Message-ID: <${m.messageId}@capture.test>`,
    'Date: Tue, 24 Nov 2026 10:00:00 +0000',
    '',
    m.body,
    '',
  ].join('\r\n');
}

/** Every recipient handed over, as the captured-bounce tests read it (`<out>/sent.json`). */
export function writeSent(out: string, sent: readonly object[]): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'sent.json'), `${JSON.stringify(sent, null, 2)}\n`);
}
