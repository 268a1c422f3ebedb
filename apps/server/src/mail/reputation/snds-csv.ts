import { isIP } from 'node:net';
import { SNDS_FILTERS, type SndsFilter } from '@mailwright/contract';

/** One IP's day in Microsoft SNDS's data export (reference section 3.2). */
export interface SndsRow {
  ip: string;
  /** UTC day the activity ended on, YYYY-MM-DD. */
  day: string;
  filter: SndsFilter;
  msgRecipients: number;
  complaintRate: string;
  trapHits: number;
}

/** Splits one CSV line; a field may be quoted ("a, b") with "" for a quote inside. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

/** `11/23/2025 11:59 PM` (M/D/YYYY h:mm AM/PM) → 2025-11-23; null when it is not such a date. */
export function sndsDay(value: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(value.trim());
  if (!m) return null;
  const [month, dayOfMonth, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== dayOfMonth) return null;
  return date.toISOString().slice(0, 10);
}

// The key-based export has no header (3.2); the newer token export has one with these names (3.4), one period
// column instead of start and end. With a header the columns are read by name, else by position.
const BY_POSITION = { ip: 0, end: 2, recipients: 5, filter: 6, complaint: 7, traps: 10 };
const HEADER_NAMES: Record<keyof typeof BY_POSITION, string> = {
  ip: 'ip address',
  end: 'activity period',
  recipients: 'message recipients',
  filter: 'filter result',
  complaint: 'complaint rate',
  traps: 'trap hits',
};

const toCount = (value: string | undefined) => {
  const n = Number((value ?? '').replace(/[^\d]/g, ''));
  return Number.isSafeInteger(n) && n <= 2_147_483_647 ? n : 0;
};

/**
 * Reads the CSV into rows. Lines that are not an IP's day (a blank line, a malformed date, an unknown filter value)
 * are counted in `skipped`, never guessed at.
 */
export function parseSndsCsv(text: string): { rows: SndsRow[]; skipped: number } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  let columns = BY_POSITION;
  const first = lines[0] ? splitCsvLine(lines[0]).map((f) => f.toLowerCase()) : [];
  if (first.includes(HEADER_NAMES.ip)) {
    const at = (name: string) => first.indexOf(name);
    columns = Object.fromEntries(
      Object.entries(HEADER_NAMES).map(([k, name]) => [k, at(name)]),
    ) as unknown as typeof BY_POSITION;
    lines.shift();
  }
  const rows: SndsRow[] = [];
  let skipped = 0;
  for (const line of lines) {
    const fields = splitCsvLine(line);
    const ip = fields[columns.ip] ?? '';
    // The token export's period is "start - end": its last date is the day.
    const period = fields[columns.end] ?? '';
    const day = sndsDay(period.includes(' - ') ? (period.split(' - ').pop() ?? '') : period);
    const filter = (fields[columns.filter] ?? '').toUpperCase() as SndsFilter;
    if (!isIP(ip) || !day || !SNDS_FILTERS.includes(filter)) {
      skipped++;
      continue;
    }
    rows.push({
      ip,
      day,
      filter,
      msgRecipients: toCount(fields[columns.recipients]),
      complaintRate: (fields[columns.complaint] ?? '').slice(0, 32),
      trapHits: toCount(fields[columns.traps]),
    });
  }
  return { rows, skipped };
}
