import { z } from 'zod';

// Inbound messages as events (issue 13): when the inbound MX takes a message for a route, an event `received` is
// written on channel `inbound`, its category the route's outcome. It is counted, listed and sent like any event.

export const INBOUND_CHANNEL = 'inbound';
export const INBOUND_EVENT = 'received';
/** The name the event is counted, listed and filtered under (channel prefix + event, as seedtest:delivered). */
export const INBOUND_EVENT_NAME = `${INBOUND_CHANNEL}:${INBOUND_EVENT}`;

/** What a route made of an inbound message: the event's category. */
export const INBOUND_EVENT_OUTCOMES = ['accepted', 'held', 'bounced'] as const;

/** The Logs direction filter: every event, outbound mail's only, or inbound messages' only. */
export const LOG_CHANNELS = ['all', 'outbound', 'inbound'] as const;
export type LogChannel = (typeof LOG_CHANNELS)[number];

/** What an inbound event tells about its message, kept with the event (the message itself expires). */
export const inboundEventDetail = z.object({
  /** The inbound message (GET /routes/{domain}/messages/{id}); it is deleted when its store() days are over. */
  message_id: z.number().int(),
  /** The envelope sender (MAIL FROM); '' for the null sender. */
  sender: z.string(),
  from: z.string(),
  subject: z.string(),
  /** The route whose mode decided the outcome; null once deleted. */
  route_id: z.number().int().nullable(),
  /** That route's description, as it was when the message came. */
  route: z.string().nullable(),
  /** One of INBOUND_EVENT_OUTCOMES (a string, so a new outcome of the MX never makes a log unreadable). */
  outcome: z.string(),
  stored: z.boolean(),
  /** What each action did, in order. */
  results: z.array(z.object({ action: z.string(), result: z.string() })),
});
export type InboundEventDetail = z.infer<typeof inboundEventDetail>;
