import { afterEach, describe, expect, it } from 'vitest';
import { closeJoinAccept, getJoinAccept, openJoinAccept } from './join-accept.ts';

describe('S2-118 the layout state holds a join-accept dialog flag', () => {
  afterEach(() => closeJoinAccept());

  it('is down at start, raised with the link token, lowered with the token cleared', () => {
    expect(getJoinAccept()).toEqual({ open: false, token: null });
    openJoinAccept('tok-123');
    expect(getJoinAccept()).toEqual({ open: true, token: 'tok-123' });
    closeJoinAccept();
    expect(getJoinAccept()).toEqual({ open: false, token: null });
  });

  it('a second link replaces the first', () => {
    openJoinAccept('first');
    openJoinAccept('second');
    expect(getJoinAccept().token).toBe('second');
  });
});
