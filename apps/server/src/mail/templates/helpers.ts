import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

type HelperOptions = Handlebars.HelperOptions;

/** A value Handlebars passes as the last argument of every helper call. */
const isOptions = (value: unknown): value is HelperOptions =>
  typeof value === 'object' && value !== null && 'hash' in value && 'data' in value;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A date from what variables usually hold: a Date, an ISO 8601 text, or a Unix time (seconds below 10^11, which is
 * the year 5138, else milliseconds, as SendGrid's formatDate reads them). Invalid: null.
 */
function toDate(value: unknown): dayjs.Dayjs | null {
  if (isBlank(value)) return null;
  let date: dayjs.Dayjs;
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value))) {
    const n = Number(value);
    date = dayjs.utc(Math.abs(n) < 1e11 ? n * 1000 : n);
  } else if (value instanceof Date || typeof value === 'string') {
    date = dayjs.utc(value);
  } else {
    return null;
  }
  return date.isValid() ? date : null;
}

/**
 * The helpers a template may call, besides Handlebars' own (if, unless, each, with, lookup). Names follow what
 * customers bring from Mailgun and SendGrid: `date`/`formatDate` (dayjs tokens, e.g. "YYYY-MM-DD HH:mm", in UTC;
 * `tz="+02:00"` shifts), `default`/`insert` (a fallback for a missing value) and `eq`/`equals`.
 */
export function registerTemplateHelpers(hb: typeof Handlebars): void {
  const formatDate = (value: unknown, ...rest: unknown[]) => {
    const options = rest.at(-1) as HelperOptions;
    const format = typeof rest[0] === 'string' && !isOptions(rest[0]) ? rest[0] : 'YYYY-MM-DD';
    const date = toDate(value);
    if (!date) return '';
    const tz = options?.hash?.tz;
    const offset = typeof tz === 'string' && /^[+-]\d\d:\d\d$/.test(tz) ? tz : null;
    return (offset ? date.utcOffset(offset) : date).format(format);
  };
  hb.registerHelper('date', formatDate);
  // SendGrid: {{formatDate timeStamp dateFormat}}.
  hb.registerHelper('formatDate', formatDate);

  // {{default name "friend"}}: the value, or the fallback when it is missing or empty.
  hb.registerHelper('default', (value: unknown, fallback: unknown) =>
    isBlank(value) ? (isOptions(fallback) ? '' : fallback) : value,
  );
  // SendGrid: {{insert name "default=friend"}}.
  hb.registerHelper('insert', (value: unknown, spec: unknown) => {
    if (!isBlank(value)) return value;
    return typeof spec === 'string' && spec.startsWith('default=') ? spec.slice('default='.length) : '';
  });

  // {{#if (eq status "paid")}} as a subexpression; {{#equals a b}}…{{else}}…{{/equals}} as SendGrid's block.
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b || String(a) === String(b));
  hb.registerHelper('equals', function (this: unknown, a: unknown, b: unknown, options: HelperOptions) {
    const same = a === b || String(a) === String(b);
    return same ? options.fn(this) : options.inverse(this);
  });
}
