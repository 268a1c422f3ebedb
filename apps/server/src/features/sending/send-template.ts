import type { Deps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { renderForSending, TemplateSendError } from '../../mail/templates/template-send.ts';
import { checkHeaderText } from './sending.service.ts';

/** A template named in a send request, with the request's own names for its fields (for the 400's `field`). */
export interface TemplateUse {
  customerId: number;
  domainName: string;
  name: string;
  version?: string | undefined;
  variables: Record<string, unknown>;
  fields: { name: string; version: string };
}

/** What the message is built from: the rendered parts (an empty part is left out) and the subject. */
export interface TemplateParts {
  subject: string;
  html: string | undefined;
  text: string | undefined;
  template: { name: string; tag: string };
}

/**
 * Renders the named template for one message (issue 13): each API calls this once per message it builds, so a
 * SendGrid personalization gets its own rendering. The rendered subject is header text again: a variable holding a
 * line break is refused (400 naming `subject`), never written into the header.
 */
export async function renderTemplateParts(deps: Deps, use: TemplateUse): Promise<TemplateParts> {
  try {
    const rendered = await renderForSending(deps.db, use, use.fields);
    return {
      subject: checkHeaderText('subject', rendered.subject),
      html: rendered.html.trim() ? rendered.html : undefined,
      text: rendered.text.trim() ? rendered.text : undefined,
      template: { name: rendered.template.name, tag: rendered.template.tag },
    };
  } catch (error) {
    if (error instanceof TemplateSendError) throw fieldError(error.field, error.message);
    throw error;
  }
}

/** The domain part of an address (templates belong to the sending domain the From address names). */
export const domainOfAddress = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** Variables as custom variables keep them (text, as Mailgun passes JSON values on): objects become their JSON. */
export function variablesAsText(variables: Record<string, unknown> | undefined): Record<string, string> | null {
  if (!variables || !Object.keys(variables).length) return null;
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}
