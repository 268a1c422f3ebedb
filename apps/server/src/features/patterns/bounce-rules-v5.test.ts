import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_RULES } from '../../mail/classify/default-rules.ts';
import { ruleMigrationValues, rulesAfterMigrations } from '../../test/rule-migration-values.ts';
import { useTestApp } from '../../test/setup.ts';

const MIGRATIONS = join(import.meta.dirname, '../../db/migrations');
const v5 = readFileSync(join(MIGRATIONS, '0038_bounce_rules_v5.sql'), 'utf8');
/** 0039 and 0040 (the sixth and seventh versions) follow, as on a database that runs every migration. */
const v6 = readFileSync(join(MIGRATIONS, '0039_bounce_rules_v6.sql'), 'utf8');
const v7 = readFileSync(join(MIGRATIONS, '0040_bounce_rules_v7.sql'), 'utf8');

const SPAM =
  'The message was judged to be spam (before the authentication rules: such replies often advise setting up SPF)';
const BLOCKS = 'The sending IP or domain is blocklisted or distrusted';
const RATE = 'Rate or volume limits of the recipient side';
const NEW_RULE =
  'The recipient domain named as missing, in other languages (before the unknown-user words, which share the verbs)';

const t = useTestApp();

describe('S7-106 migration 0038 updates the bounce-category defaults still as 0028 shipped them', () => {
  it('changes only shipped patterns and adds the new rule in its place; an edited row keeps its words, a switched-off one gets the new words and stays off', async () => {
    const rows = await rulesAfterMigrations(
      t.deps.db,
      async (tx) => {
        // Back to the list as 0028 left it: every row 0038 changes gets its old pattern again, its new rule goes.
        await tx.query('DELETE FROM bounce_category_patterns WHERE note = $1', [NEW_RULE]);
        await tx.exec(`UPDATE bounce_category_patterns p SET pattern = v.old_pattern FROM (${ruleMigrationValues(v5, 'bcp_v5')}) v
        WHERE p.note = v.note AND p.category = v.category`);
        await tx.query("UPDATE bounce_category_patterns SET pattern = 'spam|our words' WHERE note = $1", [SPAM]);
        await tx.query('UPDATE bounce_category_patterns SET enabled = false WHERE note = $1', [BLOCKS]);
      },
      [v5, v6, v7],
      RATE,
    );

    const rate = DEFAULT_CATEGORY_RULES.find((r) => r.note === RATE);
    // The fixture really started from the older words (else the test would pass without the migration).
    expect(rows.before).not.toBe(rate?.pattern);
    expect(rows.rows.find((r) => r.note === RATE)?.pattern).toBe(rate?.pattern);
    expect(rows.rows.find((r) => r.note === SPAM)?.pattern).toBe('spam|our words');
    const blocks = DEFAULT_CATEGORY_RULES.find((r) => r.note === BLOCKS);
    expect(rows.rows.find((r) => r.note === BLOCKS)).toMatchObject({ pattern: blocks?.pattern, enabled: false });
    expect(rows.rows.filter((r) => r.note !== SPAM).map((r) => [r.pattern, r.category, r.note])).toEqual(
      DEFAULT_CATEGORY_RULES.filter((r) => r.note !== SPAM).map((r) => [r.pattern, r.category, r.note]),
    );
  });
});
