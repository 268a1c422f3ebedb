import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_RULES } from '../../mail/classify/default-rules.ts';
import { rulesAfterMigrations } from '../../test/rule-migration-values.ts';
import { useTestApp } from '../../test/setup.ts';

const MIGRATIONS = join(import.meta.dirname, '../../db/migrations');
const sql = (file: string) => readFileSync(join(MIGRATIONS, file), 'utf8');
/** 0005's seed of the bounce-category list: its last statement. */
const seed0005 = sql('0005_bounce_patterns.sql').slice(
  sql('0005_bounce_patterns.sql').indexOf('INSERT INTO bounce_category_patterns'),
);

const t = useTestApp();

describe('S7-106 migrations 0011, 0026 and 0028 update the shipped bounce-category defaults only', () => {
  it('replaces rows still as 0005 shipped them, keeps operator edits, additions and switches in place', async () => {
    const { rows } = await rulesAfterMigrations(
      t.deps.db,
      async (tx) => {
        // The list as an operator left it under 0005: one default edited, one switched off, one rule added before the
        // "No such mailbox" default and one after all of them.
        await tx.exec(`DELETE FROM bounce_category_patterns; ${seed0005}`);
        await tx.query(
          `UPDATE bounce_category_patterns SET pattern = 'mailbox (is )?full|our own words' WHERE note = 'Mailbox or server storage full'`,
        );
        await tx.query(`UPDATE bounce_category_patterns SET enabled = false WHERE note = 'SMTP protocol error'`);
        await tx.query(`UPDATE bounce_category_patterns SET position = position + 1 WHERE position >= 14`);
        await tx.query(
          `INSERT INTO bounce_category_patterns (pattern, category, note, position) VALUES
        ('^5\\.1\\.1; .*vip', 'other', 'operator: before no such mailbox', 14),
        ('operator fallback', 'other', 'operator: last', 100)`,
        );
      },
      [
        '0011_bounce_rules_v2.sql',
        // 0026 and 0028 onwards follow the same rules: the list is compared with today's defaults below.
        '0026_bounce_rules_v3.sql',
        '0028_bounce_rules_v4.sql',
        '0038_bounce_rules_v5.sql',
        '0039_bounce_rules_v6.sql',
        '0040_bounce_rules_v7.sql',
      ].map(sql),
    );

    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
    const notes = rows.map((r) => r.note);
    // The edited default stays, with the operator's pattern; its new version is not added beside it.
    expect(rows.filter((r) => r.note === 'Mailbox or server storage full')).toEqual([
      expect.objectContaining({ pattern: 'mailbox (is )?full|our own words' }),
    ]);
    // The switched-off default gets the new text but stays off.
    const protocol = DEFAULT_CATEGORY_RULES.find((r) => r.note === 'SMTP protocol error');
    expect(rows.find((r) => r.note === 'SMTP protocol error')).toMatchObject({
      pattern: protocol?.pattern,
      enabled: false,
    });
    // The operator's rules keep their place: just before the "No such mailbox" default, and last.
    expect(notes.indexOf('operator: before no such mailbox')).toBe(notes.indexOf('No such mailbox') - 1);
    expect(notes.at(-1)).toBe('operator: last');
    // Everything else is the new default list, in its order.
    const untouched = rows.filter(
      (r) => !r.note.startsWith('operator:') && r.note !== 'Mailbox or server storage full',
    );
    expect(untouched.map((r) => [r.pattern, r.category, r.note])).toEqual(
      DEFAULT_CATEGORY_RULES.filter((r) => r.note !== 'Mailbox or server storage full').map((r) => [
        r.pattern,
        r.category,
        r.note,
      ]),
    );
  });
});
