import { describe, expect, it } from 'vitest';
import { oneLine } from './mail-text.ts';

describe('mail subjects hold one line', () => {
  it('turns line breaks and control characters into spaces', () => {
    expect(oneLine('Evil\r\nBcc: x@y.test asks')).toBe('Evil Bcc: x@y.test asks');
    expect(oneLine('Tab\there\u0000')).toBe('Tab here');
    expect(oneLine('Plain Co asks')).toBe('Plain Co asks');
  });
});
