import { type SeedMailbox, type SeedMailboxCreate, seedMailboxUpdate } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Column } from '../../components/DataTable.tsx';
import { FormSelect, FormSwitch, FormTextField } from '../../components/FormFields.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { useDeleteSeedMailbox, useSaveSeedMailbox, useSeedMailboxes } from './deliverability.api.ts';

const COLUMNS: Column<SeedMailbox>[] = [
  { id: 'provider', label: 'Provider', render: (m) => <Box sx={{ fontWeight: 500 }}>{m.provider}</Box> },
  { id: 'address', label: 'Address', render: (m) => <Box sx={{ overflowWrap: 'anywhere' }}>{m.address}</Box> },
  {
    id: 'imap',
    label: 'IMAP',
    hideBelow: 'md',
    render: (m) => (
      <Box sx={{ overflowWrap: 'anywhere' }}>
        {m.username} @ {m.imap_host}:{m.imap_port} ({m.tls === 'none' ? 'plain' : m.tls.toUpperCase()})
      </Box>
    ),
  },
  {
    id: 'active',
    label: 'In tests',
    hideBelow: 'sm',
    render: (m) =>
      m.active ? (
        <Chip size="small" color="success" variant="outlined" label="Yes" />
      ) : (
        <Chip size="small" label="No" />
      ),
  },
];

const TLS = [
  { value: 'tls', label: 'TLS (port 993)' },
  { value: 'starttls', label: 'STARTTLS (port 143)' },
  { value: 'none', label: 'None (on-premises only)' },
];

const blank: SeedMailboxCreate = {
  provider: '',
  address: '',
  imap_host: '',
  imap_port: 993,
  tls: 'tls',
  username: '',
  password: '',
  active: true,
};

/**
 * The seed list (operators): platform-wide mailboxes every customer's seed tests go to. It sits under the seed tests
 * on the deliverability screen, where operators run and read tests too, rather than in a route of its own: the
 * spec's route table has none for it. Saving logs in over IMAP first; a login that fails is an error on the field.
 */
export function SeedListSection() {
  const list = useSeedMailboxes(true);
  const save = useSaveSeedMailbox();
  const remove = useDeleteSeedMailbox();
  return (
    <ListScreen
      title="Seed list"
      titleId="seed-list-title"
      intro="Operators only: the mailboxes seed tests send to and read over IMAP. The password is stored encrypted and never shown again; a mailbox is saved only after a login with its details works."
      columns={COLUMNS}
      list={list}
      rowKey={(m) => m.id}
      rowName={(m) => m.address}
      searchLabel=""
      emptyText="No seed mailboxes yet: seed tests need at least one."
      addLabel="Add mailbox"
      form={{
        addTitle: 'Add a seed mailbox',
        addSubmitLabel: 'Log in and save',
        // One schema for both: an edit may leave the password blank (kept); a new mailbox without one gets the
        // server's field error.
        schema: seedMailboxUpdate,
        values: (m) => (m ? { ...m, password: '' } : blank),
        submit: (body, m) => save.mutateAsync({ id: m?.id ?? null, body }),
        fields: ({ control }, m) => (
          <>
            <FormTextField control={control} name="provider" label="Provider" autoFocus placeholder="Gmail" />
            <FormTextField control={control} name="address" label="Address" placeholder="seed1@gmail.com" />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="imap_host" label="IMAP host" placeholder="imap.gmail.com" />
              <FormTextField control={control} name="imap_port" label="Port" type="number" sx={{ maxWidth: 140 }} />
            </Stack>
            <FormSelect control={control} name="tls" label="Encryption" options={TLS} />
            <FormTextField control={control} name="username" label="IMAP user" autoComplete="off" />
            <FormTextField
              control={control}
              name="password"
              label="IMAP password"
              type="password"
              autoComplete="new-password"
              helperText={m ? 'Blank keeps the stored password' : 'An app password where the provider offers one'}
            />
            <FormSwitch control={control} name="active" label="Use in seed tests" />
          </>
        ),
      }}
      remove={{
        title: 'Remove seed mailbox',
        message: (m) => `Remove ${m.address} from the seed list? Past results keep it.`,
        run: (m) => remove.mutateAsync(m.id),
      }}
    />
  );
}
