/** One CSV record and the line of the file it starts on (1-based), for error messages. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/**
 * RFC 4180 CSV: fields separated by commas (or semicolons, when the first line has more of them, as spreadsheets in
 * many locales write), optionally quoted with "" as an escaped quote; quoted fields may hold separators and line
 * breaks. Blank lines are skipped. A quote left open is an error at the line where its field began.
 */
export function parseCsv(text: string): CsvResult {
  const input = text.replace(/^\uFEFF/, '');
  const firstLine = input.slice(0, input.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]?.trim()) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < input.length) {
    const c = input[i] as string;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      quoted = true;
      quoteLine = line;
      field = '';
    } else if (c === separator) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
    }
    i++;
  }
  if (quoted) return { ok: false, line: quoteLine, message: 'A quoted field is not closed' };
  endRecord();
  return { ok: true, records };
}
