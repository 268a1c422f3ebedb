-- Issue 17: RabbitMQ as the event bus (AMQP_URL). The relay publishes the outbox in order with publisher confirms
-- and keeps its position as the event_consumers row 'amqp-relay': every event at or before it is published (the
-- broker confirmed it). Consumers of the bus may receive an event more than once (a publish re-sent after a lost
-- confirm, a redelivery after a crash before the ack); each records the events it applied here, in the transaction
-- of its outputs, so an event applied twice changes nothing. Rows older than the redelivery window are pruned.
CREATE TABLE event_bus_applied (
  consumer text NOT NULL,
  event_id bigint NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
CREATE INDEX event_bus_applied_at_idx ON event_bus_applied (applied_at);
