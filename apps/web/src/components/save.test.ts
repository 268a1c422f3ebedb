import { MSG } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { getState } from '../lib/store.ts';
import { saveChecked } from './save.ts';

const idOf = (saved: { id: number }) => saved.id;

describe('saveChecked (spec 5: on save the returned id must match the requested id)', () => {
  it("S5-004 a returned id that differs shows 'Whoops someting unexpected happend while saving!' and says no success", async () => {
    const before = getState().notification;
    const failure = saveChecked(7, async () => ({ id: 8 }), idOf);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow(MSG.saveIdMismatch);
    expect(MSG.saveIdMismatch).toBe('Whoops someting unexpected happend while saving!');
    expect(getState().notification).toBe(before);
  });

  it('S5-004 the same id (also as text against a number) saves and says the success text', async () => {
    await expect(saveChecked('7', async () => ({ id: 7 }), idOf)).resolves.toEqual({ id: 7 });
    expect(getState().notification?.message).toBe(MSG.savedSuccessfully);
    await saveChecked(
      3,
      async () => ({ id: 3, message: 'URI saved!' }),
      idOf,
      (saved) => saved.message,
    );
    expect(getState().notification?.message).toBe('URI saved!');
  });

  it('S8-043 S8-046 a toggle keeps the spec text and names the word that happened as its emphasis', async () => {
    const toggled = { id: 4, enabled: false, message: 'Pattern enabled/disabled!' };
    await saveChecked(
      4,
      async () => toggled,
      idOf,
      (saved) => saved.message,
      (saved) => (saved.enabled ? 'enabled' : 'disabled'),
    );
    expect(getState().notification).toMatchObject({ message: 'Pattern enabled/disabled!', emphasis: 'disabled' });
  });
});
