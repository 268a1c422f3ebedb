import { describe, expect, it } from 'vitest';
import { clearError, clearNotification, getState, notify, notifyError } from './store.ts';

describe('the notification store (spec 4: the last notification and the last error, each with id and message)', () => {
  it('S4-040 a notification arrives with an id and its message; clearing that id empties it', () => {
    notify('Saved succesfully!');
    const notice = getState().notification;
    expect(notice).toMatchObject({ id: expect.any(Number), message: 'Saved succesfully!' });
    clearNotification(notice?.id ?? 0);
    expect(getState().notification).toBeNull();
  });

  it('S4-040 clearing an older id leaves a newer notification or error for its snackbar', () => {
    notify('first');
    const first = getState().notification?.id ?? 0;
    notify('second');
    clearNotification(first);
    expect(getState().notification?.message).toBe('second');
    notifyError('one');
    const older = getState().error?.id ?? 0;
    notifyError('two');
    clearError(older);
    expect(getState().error?.message).toBe('two');
    clearError(getState().error?.id ?? 0);
    expect(getState().error).toBeNull();
  });

  it('S4-041 an error without a message is not stored, so no snackbar opens for it', () => {
    notifyError('');
    expect(getState().error).toBeNull();
    notifyError('Customer not found!');
    expect(getState().error).toMatchObject({ id: expect.any(Number), message: 'Customer not found!' });
  });

  it('S4-040 every message gets a new id, so the same text twice opens a snackbar twice', () => {
    notify('Pattern enabled/disabled!');
    const first = getState().notification?.id;
    notify('Pattern enabled/disabled!');
    expect(getState().notification?.id).not.toBe(first);
  });
});
