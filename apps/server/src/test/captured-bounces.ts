import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readInboundReport } from '../mail/classify/inbound-report.ts';

/** What the parser made of one recipient of a captured bounce. */
export type CapturedRecipient = { category: string; hard: boolean; status?: string };
/** A captured bounce read as the MTA sent it, or without its DSN part. */
export type CaptureForm = 'whole' | 'text only';

/**
 * The bounce without its message/delivery-status part, as an MTA that writes no DSN (older Exim, qmail, many
 * appliances) would send it: the human-readable text alone must then name each recipient and its reason.
 */
export function withoutStatusPart(raw: string): string {
  const boundary = /boundary="?([^";\s]+)"?/i.exec(raw)?.[1];
  if (!boundary) return raw;
  return raw
    .split(`--${boundary}`)
    .filter((part) => !/^content-type:\s*message\/delivery-status/im.test(part.split(/\r?\n\r?\n/)[0] ?? ''))
    .join(`--${boundary}`);
}

/** Every recipient the bounces in `dir` (scripts/mta-bounces captures) report, by lower-cased address. */
export function readCapturedBounces(dir: string, form: CaptureForm): Map<string, CapturedRecipient> {
  const found = new Map<string, CapturedRecipient>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
    const raw = readFileSync(join(dir, file), 'utf8');
    const report = readInboundReport(form === 'whole' ? raw : withoutStatusPart(raw));
    if (report.kind !== 'bounce') continue;
    for (const r of report.recipients)
      found.set(r.recipient.toLowerCase(), {
        category: r.classification.category,
        hard: r.classification.hard,
        ...(r.status ? { status: r.status } : {}),
      });
  }
  return found;
}

/** One case per MTA captured under `root` and per form: what it was handed (its sent.json) and what the parser found. */
export type CapturedCase<Sent> = {
  mta: string;
  form: CaptureForm;
  sent: Sent[];
  found: Map<string, CapturedRecipient>;
};

export function capturedCases<Sent>(root: string): CapturedCase<Sent>[] {
  const mtas = existsSync(root) ? readdirSync(root).sort() : [];
  return mtas.flatMap((mta) => {
    const dir = join(root, mta);
    const sent: Sent[] = JSON.parse(readFileSync(join(dir, 'sent.json'), 'utf8'));
    return (['whole', 'text only'] as const).map((form) => ({
      mta,
      form,
      sent,
      found: readCapturedBounces(dir, form),
    }));
  });
}
