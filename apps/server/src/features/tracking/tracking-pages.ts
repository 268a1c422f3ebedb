import type { UnsubscribeState } from './tracking.service.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}
button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}input{font-size:1rem;padding:.4rem;width:100%;margin:.5rem 0}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export const invalidLinkPage = () =>
  page('This link is not valid', '<p>The link may be incomplete or damaged. Copy the whole link from the message.</p>');

/**
 * The unsubscribe page. Unsubscribing takes a button press (a POST): mail scanners open links with GET, and must not
 * unsubscribe anybody. The form posts the RFC 8058 field, like a mailbox provider's one-click does.
 */
export function unsubscribePage(state: UnsubscribeState): string {
  if (state.state === 'invalid') return invalidLinkPage();
  if (state.state === 'done') {
    return page(
      'You are unsubscribed',
      `<p><b>${escapeHtml(state.recipient)}</b> will no longer receive mail from <b>${escapeHtml(state.domain)}</b>.</p>`,
    );
  }
  const who = state.recipient
    ? `<p>Stop mail from <b>${escapeHtml(state.domain)}</b> to <b>${escapeHtml(state.recipient)}</b>?</p>`
    : `<p>Which address should no longer receive mail from <b>${escapeHtml(state.domain)}</b>?</p>
<input type="email" name="address" required autocomplete="email" aria-label="Email address">`;
  return page(
    'Unsubscribe',
    `<form method="post">${who}<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`,
  );
}
