import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_RULES } from '../../mail/classify/default-rules.ts';
import { rulesAfterMigrations } from '../../test/rule-migration-values.ts';
import { useTestApp } from '../../test/setup.ts';

const MIGRATIONS = join(import.meta.dirname, '../../db/migrations');
const v4 = readFileSync(join(MIGRATIONS, '0028_bounce_rules_v4.sql'), 'utf8');
/** 0038 to 0040 (the fifth to seventh versions) follow, as on a database that runs every migration. */
const v5 = readFileSync(join(MIGRATIONS, '0038_bounce_rules_v5.sql'), 'utf8');
const v6 = readFileSync(join(MIGRATIONS, '0039_bounce_rules_v6.sql'), 'utf8');
const v7 = readFileSync(join(MIGRATIONS, '0040_bounce_rules_v7.sql'), 'utf8');
/** The list as 0026 shipped it: the VALUES 0028 itself recognises shipped rows by, as (position, pattern, category, note). */
const v3Values = v4.slice(
  v4.indexOf('VALUES', v4.indexOf('INSERT INTO bcp_v3_shipped')) + 'VALUES'.length,
  v4.indexOf(';\n', v4.indexOf('INSERT INTO bcp_v3_shipped')),
);

const QUOTA = 'Mailbox or server storage full';
const ROUTING = 'Mail routing problem';
const DIRECTORY = "The receiver's directory does not know the recipient";

const t = useTestApp();

describe('S7-106 migration 0028 updates the bounce-category defaults still as 0026 shipped them', () => {
  it('replaces shipped rows, adds the new ones in their place, keeps operator edits, additions and switches', async () => {
    const { rows } = await rulesAfterMigrations(
      t.deps.db,
      async (tx) => {
        await tx.exec(`DELETE FROM bounce_category_patterns;
        INSERT INTO bounce_category_patterns (position, pattern, category, note) VALUES ${v3Values};`);
        await tx.query(`UPDATE bounce_category_patterns SET pattern = 'mailbox full|our words' WHERE note = $1`, [
          QUOTA,
        ]);
        await tx.query('UPDATE bounce_category_patterns SET enabled = false WHERE note = $1', [ROUTING]);
        const before = await tx.query<{ position: number }>(
          `SELECT position FROM bounce_category_patterns WHERE note = 'No such mailbox'`,
        );
        const at = before[0]?.position ?? 0;
        await tx.query('UPDATE bounce_category_patterns SET position = position + 1 WHERE position >= $1', [at]);
        await tx.query(
          `INSERT INTO bounce_category_patterns (pattern, category, note, position) VALUES
        ('^5\\.1\\.1; .*vip', 'other', 'operator: before no such mailbox', $1),
        ('operator fallback', 'other', 'operator: last', 1000)`,
          [at],
        );
      },
      [v4, v5, v6, v7],
    );

    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
    // The edited default keeps the operator's pattern; the switched-off one gets the new text and stays off.
    expect(rows.filter((r) => r.note === QUOTA)).toEqual([
      expect.objectContaining({ pattern: 'mailbox full|our words' }),
    ]);
    const routing = DEFAULT_CATEGORY_RULES.find((r) => r.note === ROUTING);
    expect(rows.find((r) => r.note === ROUTING)).toMatchObject({ pattern: routing?.pattern, enabled: false });
    const notes = rows.map((r) => r.note);
    expect(notes.indexOf('operator: before no such mailbox')).toBe(notes.indexOf('No such mailbox') - 1);
    expect(notes.at(-1)).toBe('operator: last');
    // The new directory rule comes before every rule that blames a list, a filter or a configuration.
    expect(notes.indexOf(DIRECTORY)).toBeLessThan(
      notes.indexOf('The sending IP or domain is blocklisted or distrusted'),
    );
    expect(notes.indexOf(DIRECTORY)).toBeLessThan(notes.indexOf('Remote misconfiguration or system error'));
    const untouched = rows.filter((r) => !r.note.startsWith('operator:') && r.note !== QUOTA);
    expect(untouched.map((r) => [r.pattern, r.category, r.note])).toEqual(
      DEFAULT_CATEGORY_RULES.filter((r) => r.note !== QUOTA).map((r) => [r.pattern, r.category, r.note]),
    );
  });
});
