import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { statusAfterSave, statusFromLoad } from './vetting-status.ts';

describe('S4-021..S4-024 S8-037 S8-038 the vetting form status', () => {
  it.each([
    ['a load that succeeded', null, 'inprogress'],
    ['a 401 (already sent)', new ApiError(401, 'sent'), 'submitted'],
    ['a 404 (no such form)', new ApiError(404, 'not found'), 'invalid'],
    ['a 500', new ApiError(500, 'boom'), null],
    ['the server unreachable', new ApiError(0, 'offline'), null],
  ])('%s → %s', (_what, error, status) => {
    expect(statusFromLoad(error)).toBe(status);
  });

  it('a save with finished set makes it justsubmitted; a draft leaves it in progress', () => {
    expect(statusAfterSave('inprogress', true)).toBe('justsubmitted');
    expect(statusAfterSave('inprogress', false)).toBe('inprogress');
    expect(statusAfterSave('submitted', true)).toBe('submitted');
  });
});
