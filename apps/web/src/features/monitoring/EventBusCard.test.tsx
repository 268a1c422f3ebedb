import type { EventBusQueue, EventBusStatus } from '@mailwright/contract';
import { eventBusStatusSchema } from '@mailwright/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EventBusCard } from './EventBusCard.tsx';
import { describeBacklog, formatAge, formatRate } from './event-bus-format.ts';

/** The card's text as a reader gets it (Emotion's inline style blocks and tags dropped, entities decoded). */
const text = (status: EventBusStatus | undefined, isError = false) =>
  renderToStaticMarkup(<EventBusCard status={status} isError={isError} />)
    .replace(/<style[^>]*>.*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const queue = (name: string, figures: Partial<EventBusQueue> = {}): EventBusQueue => ({
  name,
  ready: 0,
  unacked: 0,
  consumers: 0,
  publish_rate: 0,
  deliver_rate: 0,
  ack_rate: 0,
  ...figures,
});

// Shapes go through the contract's schema, so the card is tested with what the server may really answer.
function configuredStatus(input: unknown) {
  const status = eventBusStatusSchema.parse(input);
  if (!status.configured) throw new Error('expected a configured event bus');
  return status;
}

const configured = configuredStatus({
  configured: true,
  unpublished: 42,
  lag_seconds: 185,
  error: null,
  queues: [
    queue('mailwright.webhooks', {
      ready: 17,
      unacked: 3,
      consumers: 2,
      publish_rate: 12.34,
      deliver_rate: 11,
      ack_rate: 0.01,
    }),
    queue('mailwright.rollups', { consumers: 1 }),
  ],
});

describe('S7-110 /monitoring/rabbitmq: the event bus card', () => {
  it('not configured: one sentence on the database outbox and how to switch to RabbitMQ', () => {
    const out = text({ configured: false });
    expect(out).toContain('Event bus');
    expect(out).toContain('events go through the database outbox');
    expect(out).toContain('AMQP_URL');
    expect(out).toContain('docs/event-bus.md');
    expect(out).not.toContain('unpublished');
    expect(renderToStaticMarkup(<EventBusCard status={{ configured: false }} />)).not.toContain('<table');
  });

  it("configured: the relay's backlog and a row and a phone card per queue with its figures and rates", () => {
    const html = renderToStaticMarkup(<EventBusCard status={configured} />);
    const out = text(configured);
    expect(out).toContain('42 events not yet published; the oldest has waited 3 min (relay lag).');
    expect(html.match(/<tr/g)).toHaveLength(3); // the header and one row per queue
    for (const header of ['Queue', 'Ready', 'Unacked', 'Consumers', 'Publish', 'Deliver', 'Ack'])
      expect(out).toContain(` ${header} `);
    expect(out).toContain(' mailwright.webhooks 17 3 2 12.3/s 11.0/s < 0.1/s ');
    expect(out).toContain(' mailwright.rollups 0 0 1 0.0/s 0.0/s 0.0/s ');
    // The phone cards: one list item per queue, named by it.
    expect(html.match(/<li[^>]*aria-label="mailwright\.(webhooks|rollups)"/g)).toHaveLength(2);
    expect(out).toContain('17 ready · 3 unacked · 2 consumers');
    expect(out).toContain('0 ready · 0 unacked · 1 consumer ');
    expect(out).toContain('publish 12.3/s · deliver 11.0/s · ack < 0.1/s');
    expect(out).not.toContain('cannot be shown');
  });

  it('configured but the management API unreachable: the backlog and the reason, no table', () => {
    const status = eventBusStatusSchema.parse({
      configured: true,
      unpublished: 0,
      lag_seconds: 0,
      queues: [],
      error: 'RabbitMQ management API unreachable: connect ECONNREFUSED 127.0.0.1:15672',
    });
    const out = text(status);
    expect(out).toContain('The relay is up to date');
    expect(out).toContain(
      'The RabbitMQ queues cannot be shown: RabbitMQ management API unreachable: connect ECONNREFUSED',
    );
    expect(renderToStaticMarkup(<EventBusCard status={status} />)).not.toContain('<table');
  });

  it('configured, no queue of the prefix yet; and while loading or after a failed load', () => {
    expect(text({ ...configured, queues: [] })).toContain('RabbitMQ has no queue of this installation');
    expect(text(undefined)).toContain('Loading the event bus status');
    expect(text(undefined, true)).toContain('The event bus status could not be loaded.');
  });
});

describe('event bus figures', () => {
  it('rates keep one decimal; a trickle under 0.05/s is not shown as zero', () => {
    expect([formatRate(0), formatRate(0.04), formatRate(0.05), formatRate(2), formatRate(1234.56)]).toEqual([
      '0.0/s',
      '< 0.1/s',
      '0.1/s',
      '2.0/s',
      '1234.6/s',
    ]);
  });

  it('ages in seconds, minutes, hours and days', () => {
    expect([0, 59.4, 60, 3599, 3600, 3660, 86_400, 90_000, -3].map(formatAge)).toEqual([
      '0 s',
      '59 s',
      '1 min',
      '59 min',
      '1 h',
      '1 h 1 min',
      '1 d',
      '1 d 1 h',
      '0 s',
    ]);
  });

  it('the backlog: up to date, one event, and the 100,000 the server counts up to', () => {
    expect(describeBacklog(0, 0)).toBe('The relay is up to date: every event is published to RabbitMQ.');
    expect(describeBacklog(1, 5)).toBe('1 event not yet published; the oldest has waited 5 s (relay lag).');
    expect(describeBacklog(100_000, 7200)).toBe(
      'At least 100,000 events not yet published; the oldest has waited 2 h (relay lag).',
    );
  });
});
