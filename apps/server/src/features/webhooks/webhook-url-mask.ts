/**
 * Credentials in a webhook URL (`https://user:secret@host/`, sent as Basic authentication) are never shown again once
 * saved: every API answer carries the URL with the password as `****` (a user name alone, which may be a token, is
 * masked as a whole). A URL sent back unchanged in its masked form keeps the stored credentials (see updateWebhook).
 */
export const MASK = '****';

export function maskWebhookUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  if (!url.username && !url.password) return raw;
  if (url.password) url.password = MASK;
  else url.username = MASK;
  return url.toString();
}

/** Whether a URL sent in an update is the stored one as the API showed it (credentials masked). */
export function isMaskedFormOf(sent: string, stored: string): boolean {
  return sent !== stored && maskWebhookUrl(stored) !== stored && sent === maskWebhookUrl(stored);
}
