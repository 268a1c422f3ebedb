import type { StatsLevel } from '@mailwright/contract';
import type { StatsRequest, StatsScope } from './stats.api.ts';

/** What every statistics view gets from the screen: whose statistics, over which time frame, with or without bots. */
export interface StatsViewProps {
  scope: StatsScope | null;
  base: Omit<StatsRequest, 'data' | 'action' | 'tag'>;
  /** The level the time frame's buckets will have (the contract's statsRange), shown until the answer arrives. */
  expectedLevel: StatsLevel;
}
