import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_RULES } from '../../mail/classify/default-rules.ts';
import { rulesAfterMigrations } from '../../test/rule-migration-values.ts';
import { useTestApp } from '../../test/setup.ts';

const MIGRATIONS = join(import.meta.dirname, '../../db/migrations');
const v3 = readFileSync(join(MIGRATIONS, '0026_bounce_rules_v3.sql'), 'utf8');
/** 0028 (the fourth version) follows the same rules: the list is compared with today's defaults below. */
const v4 = readFileSync(join(MIGRATIONS, '0028_bounce_rules_v4.sql'), 'utf8');
/** 0038 to 0040 (the fifth to seventh versions) follow, as on a database that runs every migration. */
const v5 = readFileSync(join(MIGRATIONS, '0038_bounce_rules_v5.sql'), 'utf8');
const v6 = readFileSync(join(MIGRATIONS, '0039_bounce_rules_v6.sql'), 'utf8');
const v7 = readFileSync(join(MIGRATIONS, '0040_bounce_rules_v7.sql'), 'utf8');
/** The list as 0011 shipped it: the VALUES 0026 itself recognises shipped rows by, as (position, pattern, category, note). */
const v2Values = v3.slice(
  v3.indexOf('VALUES', v3.indexOf('INSERT INTO bcp_v2_shipped')) + 'VALUES'.length,
  v3.indexOf(';\n', v3.indexOf('INSERT INTO bcp_v2_shipped')),
);

const RELAY = 'The remote server refuses to relay for us';
const EXPIRY = 'Delivery was given up after the queue lifetime (including hosts that never answered)';

const t = useTestApp();

describe('S7-106 migrations 0026 and 0028 update the bounce-category defaults still as 0011 shipped them', () => {
  it('replaces shipped rows, keeps operator edits, additions and switches in place', async () => {
    const { rows } = await rulesAfterMigrations(
      t.deps.db,
      async (tx) => {
        await tx.exec(`DELETE FROM bounce_category_patterns;
        INSERT INTO bounce_category_patterns (position, pattern, category, note) VALUES ${v2Values};`);
        await tx.query(`UPDATE bounce_category_patterns SET pattern = 'relay denied|our words' WHERE note = $1`, [
          RELAY,
        ]);
        await tx.query('UPDATE bounce_category_patterns SET enabled = false WHERE note = $1', [EXPIRY]);
        const before = await tx.query<{ position: number }>(
          `SELECT position FROM bounce_category_patterns WHERE note = 'No such mailbox'`,
        );
        const at = before[0]?.position ?? 0;
        await tx.query('UPDATE bounce_category_patterns SET position = position + 1 WHERE position >= $1', [at]);
        await tx.query(
          `INSERT INTO bounce_category_patterns (pattern, category, note, position) VALUES
        ('^5\\.1\\.1; .*vip', 'other', 'operator: before no such mailbox', $1)`,
          [at],
        );
      },
      [v3, v4, v5, v6, v7],
    );

    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.filter((r) => r.note === RELAY)).toEqual([
      expect.objectContaining({ pattern: 'relay denied|our words' }),
    ]);
    const expiry = DEFAULT_CATEGORY_RULES.find((r) => r.note === EXPIRY);
    expect(rows.find((r) => r.note === EXPIRY)).toMatchObject({ pattern: expiry?.pattern, enabled: false });
    const notes = rows.map((r) => r.note);
    expect(notes.indexOf('operator: before no such mailbox')).toBe(notes.indexOf('No such mailbox') - 1);
    const untouched = rows.filter((r) => !r.note.startsWith('operator:') && r.note !== RELAY);
    expect(untouched.map((r) => [r.pattern, r.category, r.note])).toEqual(
      DEFAULT_CATEGORY_RULES.filter((r) => r.note !== RELAY).map((r) => [r.pattern, r.category, r.note]),
    );
  });
});
