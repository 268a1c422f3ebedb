/** A provider's template name as ours must be: lowercase letters, digits and . _ - (templateName). */
export function toTemplateName(name: string, fallback: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 100);
  return cleaned || fallback;
}

/** A version tag as ours must be (templateTag). */
export function toTag(tag: string, fallback: string): string {
  return tag.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 50) || fallback;
}

/** A provider date (RFC 2822, ISO 8601 or Unix seconds) as a Date, or null when it does not parse. */
export function toDate(value: unknown): Date | null {
  if (typeof value === 'number') return new Date(value * 1000);
  if (typeof value !== 'string' || !value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}
