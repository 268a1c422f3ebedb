import type { BounceCategory } from '@mailwright/contract/constants';

// The shapes of the operator's pattern lists, in a leaf module: the default lists (default-rules.ts,
// category-rules.ts) and the matchers (classify.ts, smtp-action.ts) both need them, and importing them from the
// matchers made the modules import each other in a circle.

/** A bounce-category pattern: the first enabled rule (by position) whose pattern matches decides. */
export type CategoryRule = {
  id?: number;
  pattern: string;
  category: BounceCategory;
  /** Overrides the hard/soft decision when set (null/undefined: decided from the category and the reply class). */
  hard?: boolean | null;
  note?: string;
  enabled?: boolean;
};

export const SMTP_ACTIONS = ['retry', 'bounce', 'backoff'] as const;
export type SmtpAction = (typeof SMTP_ACTIONS)[number];

/** An SMTP pattern: what the delivery engine does with a remote reply that matches. */
export type SmtpRule = {
  id?: number;
  pattern: string;
  action: SmtpAction;
  /** backoff only: how long the destination stays throttled unless a delivery succeeds first. */
  backoff_minutes?: number | null;
  note?: string;
  enabled?: boolean;
};
