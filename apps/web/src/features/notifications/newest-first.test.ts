import type { Notification } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { newestFirst } from './newest-first.ts';

const at = (id: number, timestamp: string): Notification => ({
  id,
  kind: 'k',
  message: `m${id}`,
  timestamp,
  read: false,
});

describe('newestFirst (spec 4: notifications newest first)', () => {
  it('orders by timestamp, newest on top, whatever order they came in', () => {
    const items = [at(1, '2026-01-01T10:00:00Z'), at(3, '2026-03-01T10:00:00Z'), at(2, '2026-02-01T10:00:00Z')];
    expect(newestFirst(items).map((n) => n.id)).toEqual([3, 2, 1]);
  });

  it('breaks a tie by the higher id (created later) and leaves the input untouched', () => {
    const items = [at(4, '2026-01-01T10:00:00Z'), at(5, '2026-01-01T10:00:00Z')];
    expect(newestFirst(items).map((n) => n.id)).toEqual([5, 4]);
    expect(items.map((n) => n.id)).toEqual([4, 5]);
  });
});
