import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_RULES } from '../../mail/classify/default-rules.ts';
import { ruleMigrationValues, rulesAfterMigrations } from '../../test/rule-migration-values.ts';
import { useTestApp } from '../../test/setup.ts';

const MIGRATIONS = join(import.meta.dirname, '../../db/migrations');
const v7 = readFileSync(join(MIGRATIONS, '0040_bounce_rules_v7.sql'), 'utf8');

const QUOTA = 'Mailbox or server storage full';
const MAILBOX = 'No such mailbox';
const RELAY = 'The remote server refuses to relay for us';

const t = useTestApp();

describe('S7-106 migration 0040 updates the bounce-category defaults still as 0039 left them', () => {
  it('changes only the patterns as shipped; an edited row keeps its words, a switched-off one gets the new words and stays off', async () => {
    const rows = await rulesAfterMigrations(
      t.deps.db,
      async (tx) => {
        // Back to the list as 0039 left it: every row 0040 changes gets its old pattern again.
        await tx.exec(`UPDATE bounce_category_patterns p SET pattern = v.old_pattern FROM (${ruleMigrationValues(v7, 'bcp_v7')}) v
        WHERE p.note = v.note AND p.category = v.category`);
        await tx.query("UPDATE bounce_category_patterns SET pattern = 'mailbox full|our words' WHERE note = $1", [
          QUOTA,
        ]);
        await tx.query('UPDATE bounce_category_patterns SET enabled = false WHERE note = $1', [MAILBOX]);
      },
      [v7],
      RELAY,
    );

    const relay = DEFAULT_CATEGORY_RULES.find((r) => r.note === RELAY);
    // The fixture really started from the older words (else the test would pass without the migration).
    expect(rows.before).not.toBe(relay?.pattern);
    expect(rows.rows.find((r) => r.note === RELAY)?.pattern).toBe(relay?.pattern);
    expect(rows.rows.find((r) => r.note === QUOTA)?.pattern).toBe('mailbox full|our words');
    const mailbox = DEFAULT_CATEGORY_RULES.find((r) => r.note === MAILBOX);
    expect(rows.rows.find((r) => r.note === MAILBOX)).toMatchObject({ pattern: mailbox?.pattern, enabled: false });
    expect(rows.rows.filter((r) => r.note !== QUOTA).map((r) => [r.pattern, r.category, r.note])).toEqual(
      DEFAULT_CATEGORY_RULES.filter((r) => r.note !== QUOTA).map((r) => [r.pattern, r.category, r.note]),
    );
  });
});
