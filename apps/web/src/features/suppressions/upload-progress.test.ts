import type { UploadStatus } from '@mailwright/contract';
import { describe, expect, it } from 'vitest';
import { describeUpload } from './upload-progress.ts';

const status = (patch: Partial<UploadStatus>): UploadStatus => ({
  id: 1,
  kind: 'suppressions',
  type: 'bounce',
  filename: 'list.csv',
  state: 'validating',
  total: 0,
  processed: 0,
  imported: 0,
  skipped: 0,
  errors: [],
  message: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('describeUpload (suppression CSV upload progress)', () => {
  it.each([
    {
      why: 'before the lines are counted: no percentage yet',
      s: { total: 0 },
      percent: null,
      text: 'Reading list.csv',
    },
    { why: 'validating', s: { total: 20000, processed: 5000 }, percent: 25, text: 'Checking line 5000 of 20000' },
    { why: 'never past 100', s: { total: 3, processed: 4 }, percent: 100, text: 'Checking line 4 of 3' },
  ])('$why', ({ s, percent, text }) => {
    expect(describeUpload(status(s))).toEqual({ percent, text, severity: 'info', finished: false });
  });

  it('importing is one transaction: an indeterminate bar', () => {
    expect(describeUpload(status({ state: 'importing', total: 1, processed: 1 }))).toMatchObject({
      percent: null,
      text: 'Importing 1 line',
      finished: false,
    });
  });

  it('done says what was imported and what was there already', () => {
    expect(describeUpload(status({ state: 'done', imported: 3, skipped: 1 }))).toEqual({
      percent: 100,
      text: '3 recipients imported; 1 was on the list already.',
      severity: 'success',
      finished: true,
    });
    expect(describeUpload(status({ state: 'done', imported: 1 })).text).toBe('1 recipient imported.');
  });

  it("failed shows the server's message", () => {
    const failed = status({ state: 'failed', message: '2 of 5 lines have errors; nothing was imported' });
    expect(describeUpload(failed)).toMatchObject({
      severity: 'error',
      finished: true,
      text: '2 of 5 lines have errors; nothing was imported',
    });
  });
});
