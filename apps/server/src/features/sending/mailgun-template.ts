import type { Deps } from '../../deps.ts';
import { badRequest, fieldError } from '../../http/errors.ts';
import { VARIABLES } from '../../mail/message/mailgun-controls.ts';
import { all, first, type MailgunForm } from './mailgun-form.ts';
import { renderTemplateParts, type TemplateParts } from './send-template.ts';

function parseObject(field: string, value: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw fieldError(field, `${field} must be a JSON object`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw fieldError(field, `${field} must be a JSON object`);
  return json as Record<string, unknown>;
}

/**
 * The variables a Mailgun template is rendered with, as Mailgun merges them: v: fields, then h:X-Mailgun-Variables
 * (JSON, nested values kept as given), then t:variables (template-only JSON) over both.
 */
function mailgunTemplateVariables(form: MailgunForm): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const [name, values] of form.fields) {
    if (name.startsWith('v:') && name.length > 2) variables[name.slice(2)] = values[0] ?? '';
  }
  for (const [name, values] of form.fields) {
    if (name.toLowerCase() === `h:${VARIABLES}`) Object.assign(variables, parseObject(name, values[0] ?? ''));
  }
  const own = first(form, 't:variables');
  if (own !== undefined) Object.assign(variables, parseObject('t:variables', own));
  return variables;
}

/**
 * Mailgun's template sending (issue 13): `template` (its name), `t:version` (a tag; the active version without it),
 * `t:variables` / `h:X-Mailgun-Variables` / `v:` for the data, and `t:text=yes` to render the text part from the
 * template too (without it, as at Mailgun, the template gives the HTML and `text` stays the request's own).
 * Null when the request names no template.
 */
export async function renderMailgunTemplate(
  deps: Deps,
  form: MailgunForm,
  target: { customerId: number; domainName: string },
): Promise<TemplateParts | null> {
  const names = all(form, 'template');
  if (!names.length) {
    if (first(form, 't:version') !== undefined) throw fieldError('t:version', 't:version needs a template');
    return null;
  }
  const name = names[0]?.trim() ?? '';
  if (names.length > 1 || !name) throw badRequest('template must name one template');
  const withText = ['yes', 'true', '1'].includes(first(form, 't:text')?.trim().toLowerCase() ?? '');
  const parts = await renderTemplateParts(deps, {
    ...target,
    name,
    version: first(form, 't:version')?.trim() || undefined,
    variables: mailgunTemplateVariables(form),
    fields: { name: 'template', version: 't:version' },
  });
  return { ...parts, text: withText ? parts.text : first(form, 'text') };
}
