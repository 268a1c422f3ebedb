import { isAdminAllowed, type Token, type TokenIp } from '@mailwright/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { useAppState } from '../../lib/store.ts';
import { AddTokenIpRangeForm } from './AddTokenIpRangeForm.tsx';
import { useApiKey, useRemoveTokenIpRange, useTokenIpRanges } from './token-ips.api.ts';

const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

const COLUMNS: Column<TokenIp>[] = [
  {
    id: 'ipv4',
    label: 'Address or range',
    render: (entry) => (
      <>
        <Box sx={mono}>{entry.ipv4}</Box>
        {/* A phone has no room for the note's own column: it goes under the address. */}
        {entry.note ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
            {entry.note}
          </Typography>
        ) : null}
      </>
    ),
  },
  {
    id: 'ranges',
    label: 'CIDR',
    hideBelow: 'sm',
    render: (entry) => <Box sx={mono}>{entry.ip4_ranges.join(', ')}</Box>,
  },
  { id: 'note', label: 'Note', hideBelow: 'sm', render: (entry) => entry.note || '—' },
  { id: 'added', label: 'Added', hideBelow: 'md', render: (entry) => formatDateTime(entry.created_at) },
];

/**
 * /api-keys/:id/ip-ranges (spec 2: token IP ranges; admin, superadmin): the IPv4 addresses and CIDR blocks that may
 * use one key, primary or sending; with none, any address may. Reached from both key lists. A primary key's ranges
 * are the customer's own admin's to change (spec 5, admin-allowed), as the key itself.
 */
export default function TokenIpRangesScreen() {
  const { id } = useParams();
  const tid = Number(id);
  if (!Number.isSafeInteger(tid) || tid <= 0) return <KeyGone backTo="/api-keys" />;
  return <TokenIpRanges key={tid} tid={tid} />;
}

function TokenIpRanges({ tid }: { tid: number }) {
  const apiKey = useApiKey(tid);
  const list = useTokenIpRanges(tid);
  const remove = useRemoveTokenIpRange(tid);
  const adminAllowed = useAppState((s) => (s.session ? isAdminAllowed(s.session) : false));
  const [removing, setRemoving] = useState<TokenIp | null>(null);
  const key = apiKey.data;
  const canChange = key ? key.role !== 'primary' || adminAllowed : false;
  const backTo = key?.role === 'sending' ? '/credentials/api-keys' : '/api-keys';

  return (
    <Stack component="section" spacing={3} aria-labelledby="token-ips-title">
      <Box>
        <Button component={Link} to={backTo} size="small" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -0.5 }}>
          {key?.role === 'sending' ? 'Sending keys' : 'API keys'}
        </Button>
        <Typography id="token-ips-title" variant="h5" component="h1" sx={{ mb: 1 }}>
          Token IP ranges
        </Typography>
        {key ? <KeySummary apiKey={key} /> : null}
      </Box>
      {apiKey.isPending ? <LinearProgress aria-label="Loading the key" /> : null}
      {apiKey.isSuccess && key === null ? <KeyGone backTo={backTo} /> : null}
      {key && !canChange ? (
        <Alert severity="info">
          A primary key's ranges are managed by the account's own admin: you see them here read-only.
        </Alert>
      ) : null}
      {key && canChange ? <AddTokenIpRangeForm tid={tid} /> : null}
      <DataTable
        label="IP ranges"
        columns={COLUMNS}
        list={list}
        rowKey={(entry) => entry.tipid}
        emptyText="No ranges: any address may use this key."
        rowActions={
          canChange
            ? (entry) => (
                <Tooltip title="Remove">
                  <IconButton size="small" aria-label={`Remove ${entry.ipv4}`} onClick={() => setRemoving(entry)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )
            : undefined
        }
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove IP range"
        message={
          list.total <= 1
            ? `Remove ${removing?.ipv4 ?? ''}? With no ranges left, any address may use this key.`
            : `Remove ${removing?.ipv4 ?? ''}? Programs at that address can no longer use this key.`
        }
        confirmLabel="Remove"
        destructive
        onConfirm={() => (removing ? remove.mutateAsync(removing.tipid) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** Which key this is: its first characters, its note, and what it sends for. */
function KeySummary({ apiKey }: { apiKey: Token }) {
  return (
    <Typography color="text.secondary">
      Key{' '}
      <Box component="code" sx={mono}>
        {apiKey.prefix}…
      </Box>
      {apiKey.note ? ` (${apiKey.note})` : ''},{' '}
      {apiKey.role === 'primary'
        ? 'a primary key for every domain'
        : `a sending key for ${apiKey.domain ?? 'one domain'}`}
      . Only the addresses and ranges below may use it; with none, any address may.
    </Typography>
  );
}

function KeyGone({ backTo }: { backTo: string }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button component={Link} to={backTo} color="inherit" size="small">
          Back to the keys
        </Button>
      }
    >
      This API key does not exist or was revoked.
    </Alert>
  );
}
