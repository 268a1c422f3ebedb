/** Sample variables typed as JSON: the object, or why it is not one (shown under the field). */
export function parseSampleVariables(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (!text.trim()) return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> };
    }
    return { ok: false, error: 'Sample variables must be a JSON object, e.g. {"name": "Ann"}' };
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${(error as Error).message}` };
  }
}

export const SAMPLE_VARIABLES = JSON.stringify(
  { name: 'Ann', order: { id: 1042 }, items: [{ title: 'Tea', price: '3.50' }] },
  null,
  2,
);
