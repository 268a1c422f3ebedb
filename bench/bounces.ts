/**
 * Bounce benchmark: classifies every .eml of a labelled folder (laid out like ../shared/bounce-corpus: eml/ and
 * labels.tsv) with the default rules and prints per-category precision/recall, category accuracy and hard/soft
 * accuracy. Rows whose label sources disagree (sources_agree=false) are scored separately. Then leave-one-family-out
 * (bench/bounce-lofo.ts): each sending-MTA family scored with the rules learned from it switched off.
 *
 *   npm run bench:bounces -- ../shared/bounce-corpus [--verbose] [--lost]
 *
 * Another labelled folder works the same way; its labels.tsv may name each row's recipient by address (a
 * `recipient` column) instead of by position, and "(bounce)" as the predicted category then means the parser did
 * not find that recipient.
 *
 * --lost prints, for each leave-one-family-out run, the rows the full rules get right and the reduced rules do not:
 * the rows whose rules only their own family supports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BROAD_RULES, DEFAULT_CATEGORY_RULES } from '../apps/server/src/mail/classify/category-rules.ts';
import {
  type InboundReport,
  type InboundRules,
  readInboundReport,
} from '../apps/server/src/mail/classify/inbound-report.ts';
import {
  alternativeSupport,
  familyOf,
  subjectsByFamily,
  withoutSingleFamilyAlternatives,
  withoutTagged,
} from './bounce-lofo.ts';

type Label = Record<string, string>;
type Scored = {
  file: string;
  idx: number;
  expected: string;
  got: string;
  hardExpected: boolean;
  hardGot: boolean;
  agree: boolean;
  text: string;
};

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const showLost = args.includes('--lost');
const folder = resolve(args.find((a) => !a.startsWith('--')) ?? '../shared/bounce-corpus');

function readLabels(path: string): Label[] {
  const [head = '', ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const names = head.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((v, i) => [names[i] ?? String(i), v])));
}

const labels = readLabels(join(folder, 'labels.tsv'));
const emlDir = join(folder, 'eml');
const files = readdirSync(emlDir)
  .filter((f) => f.endsWith('.eml'))
  .sort();
const bytes = new Map(files.map((file) => [file, readFileSync(join(emlDir, file))]));
const reports = new Map<string, InboundReport>();
const started = performance.now();
for (const file of files) reports.set(file, readInboundReport(bytes.get(file) as Buffer));
const elapsed = performance.now() - started;

const EXPECTED_KIND: Record<string, InboundReport['kind']> = {
  '(not-a-bounce:fbl)': 'complaint',
  '(not-a-bounce:auto-reply)': 'auto-reply',
  success: 'delivery-report',
  '(not-a-bounce)': 'other',
};

const scored: Scored[] = [];
const nonBounce: { file: string; expected: string; got: string; ok: boolean }[] = [];
let statusChecked = 0;
let statusRight = 0;
for (const label of labels) {
  const file = label.basename ?? '';
  const report = reports.get(file);
  if (!report) continue;
  if (label.is_bounce === 'false') {
    const expected = EXPECTED_KIND[label.pmta_category ?? ''] ?? 'other';
    let ok = report.kind === expected;
    if (ok && report.kind === 'complaint' && label.feedback_type)
      ok = report.feedback.feedbackType === label.feedback_type;
    const got = report.kind === 'complaint' ? `complaint:${report.feedback.feedbackType}` : report.kind;
    nonBounce.push({ file, expected: `${expected}${label.feedback_type ? `:${label.feedback_type}` : ''}`, got, ok });
    continue;
  }
  const row = scoreRow(label, report);
  scored.push(row);
  if (label.status_is_pseudo === 'false' && label.status) {
    const recipient = recipientOf(label, report);
    statusChecked++;
    if (recipient?.status === label.status) statusRight++;
    else if (verbose)
      console.log(`status ${file}#${row.idx}: expected ${label.status}, got ${recipient?.status ?? '-'}`);
  }
}

/**
 * A label names its recipient by position (`idx`, as Sisimai lists them) or, in folders whose labels carry a
 * `recipient` column, by address: a corpus labelled by another project need not list recipients in our order.
 */
function recipientOf(label: Label, report: InboundReport) {
  if (report.kind !== 'bounce') return undefined;
  const address = label.recipient?.toLowerCase();
  if (address && address !== '-') return report.recipients.find((r) => r.recipient.toLowerCase() === address);
  return report.recipients[Number(label.idx) - 1];
}

function scoreRow(label: Label, report: InboundReport): Scored {
  const idx = Number(label.idx);
  const recipient = recipientOf(label, report);
  return {
    file: label.basename ?? '',
    idx,
    expected: label.pmta_category ?? '',
    got: recipient ? recipient.classification.category : `(${report.kind})`,
    hardExpected: label.hard_bounce === 'true',
    hardGot: recipient?.classification.hard ?? false,
    agree: label.sources_agree !== 'false',
    text: recipient
      ? `[${recipient.status ?? '-'}] ${recipient.diagnostic || recipient.detail || ''}`.slice(0, 300)
      : '',
  };
}

const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

function summarize(title: string, rows: Scored[]) {
  const right = rows.filter((r) => r.expected === r.got).length;
  const hardRight = rows.filter((r) => r.hardExpected === r.hardGot).length;
  console.log(`\n${title}: ${rows.length} recipients`);
  console.log(`  category accuracy  ${pct(right, rows.length)}  (${right}/${rows.length})`);
  console.log(`  hard/soft accuracy ${pct(hardRight, rows.length)}  (${hardRight}/${rows.length})`);
}

function perCategory(rows: Scored[]) {
  const categories = [...new Set(rows.flatMap((r) => [r.expected, r.got]))].sort();
  console.log(`\n  ${'category'.padEnd(22)} ${'support'.padStart(7)} ${'predicted'.padStart(9)}  precision  recall`);
  for (const category of categories) {
    const truth = rows.filter((r) => r.expected === category).length;
    const predicted = rows.filter((r) => r.got === category).length;
    const hit = rows.filter((r) => r.expected === category && r.got === category).length;
    console.log(
      `  ${category.padEnd(22)} ${String(truth).padStart(7)} ${String(predicted).padStart(9)}  ${pct(hit, predicted).padStart(9)}  ${pct(hit, truth)}`,
    );
  }
}

console.log(`Bounce benchmark over ${folder}: ${files.length} messages parsed in ${elapsed.toFixed(0)} ms`);
const agreed = scored.filter((r) => r.agree);
summarize('Bounces, label sources agree', agreed);
perCategory(agreed);
summarize(
  'Bounces, label sources disagree (ambiguous, reported apart)',
  scored.filter((r) => !r.agree),
);
summarize('All bounces', scored);
console.log(
  `\nStatus extraction (rows with a real status in the message): ${pct(statusRight, statusChecked)} (${statusRight}/${statusChecked})`,
);
const nonOk = nonBounce.filter((r) => r.ok).length;
console.log(
  `Non-bounces recognised (complaints with their feedback type, auto-replies, delivery reports, other): ${nonOk}/${nonBounce.length}`,
);
for (const row of nonBounce.filter((r) => !r.ok))
  console.log(`  ${row.file}: expected ${row.expected}, got ${row.got}`);

if (verbose) {
  console.log('\nMisclassified:');
  for (const r of scored.filter((s) => s.expected !== s.got || s.hardExpected !== s.hardGot)) {
    const hard = r.hardExpected !== r.hardGot ? ` hard ${r.hardExpected}->${r.hardGot}` : '';
    console.log(`${r.agree ? ' ' : '?'} ${r.file}#${r.idx}: ${r.expected} -> ${r.got}${hard}\n     ${r.text}`);
  }
}

/**
 * Leave-one-family-out over the rows whose label sources agree: each family is classified again with the rules learned
 * from it switched off (see bench/bounce-lofo.ts for the two ways), the others' rows are not touched.
 */
function leaveOneFamilyOut(title: string, rulesWithout: (family: string) => InboundRules) {
  const families = [...new Set(agreed.map((r) => familyOf(r.file)))].sort();
  let right = 0;
  let hardRight = 0;
  const perFamily: { family: string; rows: number; right: number; hardRight: number; lost: number }[] = [];
  for (const family of families) {
    const rules = rulesWithout(family);
    const rows = agreed.filter((r) => familyOf(r.file) === family);
    let familyRight = 0;
    let familyHard = 0;
    let lost = 0;
    for (const before of rows) {
      const report = readInboundReport(bytes.get(before.file) as Buffer, rules);
      const label = labels.find((l) => l.basename === before.file && Number(l.idx) === before.idx) as Label;
      const row = scoreRow(label, report);
      if (row.expected === row.got) familyRight++;
      if (row.hardExpected === row.hardGot) familyHard++;
      if (before.expected === before.got && row.expected !== row.got) {
        lost++;
        if (showLost) console.log(`  lost ${row.file}#${row.idx}: ${row.expected} -> ${row.got}\n       ${row.text}`);
      }
      if (verbose && row.got !== before.got) console.log(`  lofo ${row.file}#${row.idx}: ${before.got} -> ${row.got}`);
    }
    right += familyRight;
    hardRight += familyHard;
    perFamily.push({ family, rows: rows.length, right: familyRight, hardRight: familyHard, lost });
  }
  const ranked = perFamily.filter((f) => f.rows >= 3).sort((a, b) => a.right / a.rows - b.right / b.rows);
  const worst = ranked[0];
  const losing = perFamily.filter((f) => f.lost > 0).map((f) => `${f.family} -${f.lost}`);
  console.log(`
${title}`);
  console.log(`  pooled category accuracy ${pct(right, agreed.length)}  (${right}/${agreed.length})`);
  console.log(`  pooled hard/soft accuracy ${pct(hardRight, agreed.length)}  (${hardRight}/${agreed.length})`);
  if (worst)
    console.log(
      `  worst family (3+ rows): ${worst.family} ${pct(worst.right, worst.rows)} category (${worst.right}/${worst.rows}), ${pct(worst.hardRight, worst.rows)} hard/soft`,
    );
  const next = ranked.slice(1, 4).map((f) => `${f.family} ${pct(f.right, f.rows).trim()} (${f.right}/${f.rows})`);
  if (next.length) console.log(`  next: ${next.join(', ')}`);
  console.log(`  families that lose rows against the full rules: ${losing.length ? losing.join(', ') : 'none'}`);
}

console.log(
  `\nLeave-one-family-out on the development half (${new Set(agreed.map((r) => familyOf(r.file))).size} families)`,
);
leaveOneFamilyOut('Tagged: rules learned only from the held-out family (learnedFrom) switched off', (family) => ({
  category: withoutTagged(DEFAULT_CATEGORY_RULES, family),
  broad: withoutTagged(BROAD_RULES, family),
}));
const support = alternativeSupport([...DEFAULT_CATEGORY_RULES, ...BROAD_RULES], subjectsByFamily(reports));
leaveOneFamilyOut(
  'Strict: every rule branch that matches only the held-out family in the development half switched off',
  (family) => ({
    category: withoutSingleFamilyAlternatives(DEFAULT_CATEGORY_RULES, family, support),
    broad: withoutSingleFamilyAlternatives(BROAD_RULES, family, support),
  }),
);
