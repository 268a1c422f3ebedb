import type { DsnRecipient } from './dsn.ts';

/**
 * Amazon SES event notifications (bounce, delivery, complaint) mailed through SNS: a JSON document instead of a
 * report, either bare or wrapped in the SNS envelope whose "Message" field holds it as a string.
 */
export type SesNotification =
  | { type: 'Bounce'; reportingMta?: string; recipients: DsnRecipient[] }
  | { type: 'Delivery'; recipients: DsnRecipient[] }
  | { type: 'Complaint'; feedbackType: string; recipients: string[] };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

function parseJson(body: string): Json | undefined {
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  const json = body.slice(start, end + 1);
  // Mailers fold long lines, even inside JSON strings; JSON needs no line breaks anywhere, so unfold on failure.
  for (const candidate of [json, json.replace(/\r?\n[ \t]*/g, '')]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (isObject(value)) return value;
    } catch {
      // try the unfolded text next
    }
  }
  return undefined;
}

export function parseSesNotification(body: string): SesNotification | undefined {
  if (!body.includes('notificationType') && !body.includes('eventType')) return undefined;
  let document = parseJson(body);
  if (document && typeof document.Message === 'string') document = parseJson(document.Message);
  if (!document) return undefined;
  const type = text(document.notificationType) || text(document.eventType);
  if (type === 'Bounce' && isObject(document.bounce)) {
    const bounce = document.bounce;
    const permanent = text(bounce.bounceType) === 'Permanent';
    const recipients = list(bounce.bouncedRecipients).map((r) => {
      const recipient: DsnRecipient = {
        recipient: text(r.emailAddress).toLowerCase(),
        action: text(r.action) || (permanent ? 'failed' : 'delayed'),
        diagnostic: text(r.diagnosticCode).replace(/^\s*[\w-]+\s*;\s*/, ''),
      };
      if (/^[245]\.\d+\.\d+$/.test(text(r.status))) recipient.status = text(r.status);
      return recipient;
    });
    const notification: SesNotification = { type: 'Bounce', recipients };
    const mta = text(bounce.reportingMTA).replace(/^\s*dns\s*;\s*/i, '');
    if (mta) notification.reportingMta = mta;
    return notification;
  }
  if (type === 'Delivery' && isObject(document.delivery)) {
    const recipients = (Array.isArray(document.delivery.recipients) ? document.delivery.recipients : []).map((r) => ({
      recipient: text(r).toLowerCase(),
      action: 'delivered',
      diagnostic: text(document.delivery && isObject(document.delivery) ? document.delivery.smtpResponse : ''),
    }));
    return { type: 'Delivery', recipients };
  }
  if (type === 'Complaint' && isObject(document.complaint)) {
    const complaint = document.complaint;
    return {
      type: 'Complaint',
      feedbackType: text(complaint.complaintFeedbackType) || 'abuse',
      recipients: list(complaint.complainedRecipients).map((r) => text(r.emailAddress).toLowerCase()),
    };
  }
  return undefined;
}
