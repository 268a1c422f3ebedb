import { type Autoban, type AutobanType, autobansEndpoints } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { useRemoveMutation } from '../../components/listMutations.ts';
import { api } from '../../lib/api.ts';

/** Bans start while the screen is open (a burst of failed sign-ins); refresh as the backoff card does. */
const REFRESH_MS = 20_000;

const KINDS: Record<AutobanType, { title: string; description: string; what: string; empty: string }> = {
  user: {
    title: 'User auto-bans',
    description: 'Sign-in names (console usernames, e-mail addresses and SMTP logins) locked after repeated failures.',
    what: 'Sign-in name',
    empty: 'No sign-in name is banned.',
  },
  ip: {
    title: 'IP auto-bans',
    description: 'Client addresses locked after repeated failed sign-ins or SMTP authentications from them.',
    what: 'Address',
    empty: 'No address is banned.',
  },
};

const autobanKey = (type: AutobanType) => ['autobans', type] as const;

function columns(type: AutobanType): CardColumn<Autoban>[] {
  return [
    {
      id: 'value',
      label: KINDS[type].what,
      cellSx: { minWidth: 100, overflowWrap: 'anywhere', fontFamily: type === 'ip' ? 'monospace' : undefined },
      render: (row) => (
        <>
          {row.value}
          {/* On a phone the reason goes under the name instead of a column of its own. */}
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ display: { xs: 'block', sm: 'none' }, fontFamily: (theme) => theme.typography.fontFamily }}
          >
            {row.reason}
          </Typography>
        </>
      ),
    },
    { id: 'reason', label: 'Why', hideBelow: 'sm', cellSx: { minWidth: 180 }, render: (row) => row.reason },
    {
      id: 'since',
      label: 'Since',
      hideBelow: 'md',
      cellSx: { whiteSpace: 'nowrap' },
      render: (row) => formatDateTime(row.created_at),
    },
    { id: 'until', label: 'Until', cellSx: { minWidth: 96 }, render: (row) => formatDateTime(row.expires_at) },
  ];
}

function AutobanCard({ type }: { type: AutobanType }) {
  const kind = KINDS[type];
  const bans = useQuery({
    queryKey: autobanKey(type),
    queryFn: ({ signal }) => api(autobansEndpoints.list, { params: { type }, signal }),
    refetchInterval: REFRESH_MS,
  });
  const [lifting, setLifting] = useState<Autoban | null>(null);
  const lift = useRemoveMutation(autobanKey(type), (value: string) =>
    api(autobansEndpoints.remove, { params: { type }, body: { value } }),
  );
  return (
    <>
      <ListCard
        title={kind.title}
        heading="h3"
        description={kind.description}
        mt={type === 'ip' ? 3 : 0}
        loadingLabel={`Loading ${kind.title.toLowerCase()}`}
        query={bans}
        columns={columns(type)}
        rowKey={(row) => row.id}
        rowActions={(row) => (
          <Button size="small" onClick={() => setLifting(row)} aria-label={`Lift the ban of ${row.value}`}>
            Lift
          </Button>
        )}
        emptyText={bans.data?.message || kind.empty}
        errorText={`The ${kind.title.toLowerCase()} could not be loaded.`}
      />
      <ConfirmDialog
        open={lifting !== null}
        title="Lift auto-ban"
        message={lifting ? `Let ${lifting.value} sign in again now? Failed attempts start counting from zero.` : ''}
        confirmLabel="Lift ban"
        onConfirm={() => (lifting ? lift.mutateAsync(lifting.value) : Promise.resolve())}
        onClose={() => setLifting(null)}
      />
    </>
  );
}

/** /monitoring/autobans (superadmin): users and IPs banned automatically, why, since and until; lifted one by one. */
export default function AutobansScreen() {
  return (
    <Box component="section" aria-labelledby="autobans-title">
      <Typography id="autobans-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Auto-bans
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Bans end by themselves at the time shown; lift one to end it now.
      </Typography>
      <AutobanCard type="user" />
      <AutobanCard type="ip" />
    </Box>
  );
}
