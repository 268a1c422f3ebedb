import type { SeedMailbox } from '@mailwright/contract';
import type { Db } from '../../db/client.ts';
import { openColumn, sealColumn } from '../../secrets/secret-columns.ts';
import type { ImapAccount } from './imap-reader.ts';

export interface SeedMailboxRow {
  id: number;
  provider: string;
  address: string;
  imap_host: string;
  imap_port: number;
  tls: 'tls' | 'starttls' | 'none';
  username: string;
  password: string;
  active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface SeedMailboxFields {
  provider: string;
  address: string;
  imap_host: string;
  imap_port: number;
  tls: 'tls' | 'starttls' | 'none';
  username: string;
  active: boolean;
}

const COLUMNS = 'id, provider, address, imap_host, imap_port, tls, username, password, active, created_at, updated_at';
const iso = (value: Date | string) => new Date(value).toISOString();

export function toSeedMailbox(row: SeedMailboxRow): SeedMailbox {
  return {
    id: row.id,
    provider: row.provider,
    address: row.address,
    imap_host: row.imap_host,
    imap_port: row.imap_port,
    tls: row.tls,
    username: row.username,
    active: row.active,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** How to log in to a stored mailbox, its password opened (it is sealed to the row). */
export const accountOf = (row: SeedMailboxRow): ImapAccount => ({
  host: row.imap_host,
  port: row.imap_port,
  tls: row.tls,
  username: row.username,
  password: openColumn('seed_mailboxes.password', row.id, row.password),
});

export function listSeedMailboxes(db: Db, onlyActive = false): Promise<SeedMailboxRow[]> {
  return db.query<SeedMailboxRow>(
    `SELECT ${COLUMNS} FROM seed_mailboxes ${onlyActive ? 'WHERE active' : ''} ORDER BY provider, address, id`,
  );
}

export function findSeedMailbox(db: Db, id: number): Promise<SeedMailboxRow | undefined> {
  return db.maybeOne<SeedMailboxRow>(`SELECT ${COLUMNS} FROM seed_mailboxes WHERE id = $1`, [id]);
}

export async function insertSeedMailbox(db: Db, fields: SeedMailboxFields, password: string): Promise<number> {
  // The id is taken first: the sealed password is bound to it.
  const { id } = await db.one<{ id: number }>(
    "SELECT nextval(pg_get_serial_sequence('seed_mailboxes', 'id'))::int AS id",
  );
  await db.query(
    `INSERT INTO seed_mailboxes (id, provider, address, imap_host, imap_port, tls, username, password, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      fields.provider,
      fields.address,
      fields.imap_host,
      fields.imap_port,
      fields.tls,
      fields.username,
      sealColumn('seed_mailboxes.password', id, password),
      fields.active,
    ],
  );
  return id;
}

export async function updateSeedMailbox(db: Db, id: number, fields: SeedMailboxFields, password: string) {
  await db.query(
    `UPDATE seed_mailboxes SET provider = $2, address = $3, imap_host = $4, imap_port = $5, tls = $6, username = $7,
            password = $8, active = $9, updated_at = now() WHERE id = $1`,
    [
      id,
      fields.provider,
      fields.address,
      fields.imap_host,
      fields.imap_port,
      fields.tls,
      fields.username,
      sealColumn('seed_mailboxes.password', id, password),
      fields.active,
    ],
  );
}

export async function deleteSeedMailbox(db: Db, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM seed_mailboxes WHERE id = $1 RETURNING id', [id])).length > 0;
}
