import type { IpCheck, IpPool, SendingIp } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type CardColumn, ListCard } from '../../components/ListCard.tsx';
import { IpDialog } from './IpDialog.tsx';
import { useIpMutations, useIps } from './ips.api.ts';
import { RowMenu } from './RowMenu.tsx';
import { WarmupProgress } from './WarmupProgress.tsx';

function CheckResult({ result }: { result: IpCheck | undefined }) {
  if (!result) return <>—</>;
  return (
    <Chip
      size="small"
      color={result.match ? 'success' : 'warning'}
      label={result.match ? `Match: ${result.host}` : result.host ? `No match: ${result.host}` : 'No PTR'}
      title={result.message}
    />
  );
}

/** The sending IPs: add, edit, check FCrDNS, delete (two steps). */
export function IpsCard({ pools }: { pools: IpPool[] }) {
  const ips = useIps();
  const { save, remove, check } = useIpMutations();
  const [editing, setEditing] = useState<SendingIp | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SendingIp | null>(null);
  const [checks, setChecks] = useState<Record<string, IpCheck>>({});
  const runCheck = async (ip: string) => {
    const result = await check.mutateAsync(ip);
    setChecks((all) => ({ ...all, [ip]: result }));
  };

  const columns: CardColumn<SendingIp>[] = [
    {
      id: 'ip',
      label: 'IP address',
      // Wide enough for a dotted quad on one line; an IPv6 address wraps where it must.
      cellSx: { fontFamily: 'monospace', minWidth: 124, overflowWrap: 'anywhere' },
      render: (row) => (
        <>
          {row.ip}
          {/* On a phone the PTR name goes under the address instead of a column of its own. */}
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ display: { xs: 'block', sm: 'none' } }}
          >
            {row.ptr_host ?? 'no PTR name'}
          </Typography>
          {checks[row.ip] ? (
            <Box sx={{ display: { xs: 'block', md: 'none' }, mt: 0.5 }}>
              <CheckResult result={checks[row.ip]} />
            </Box>
          ) : null}
        </>
      ),
    },
    { id: 'ptr', label: 'PTR host', hideBelow: 'sm', render: (row) => row.ptr_host ?? '—' },
    { id: 'pool', label: 'Pool', hideBelow: 'md', render: (row) => row.pool_title ?? '—' },
    { id: 'warmup', label: 'Warm-up', render: (row) => <WarmupProgress warmup={row.warmup} /> },
    { id: 'fcrdns', label: 'FCrDNS', hideBelow: 'md', render: (row) => <CheckResult result={checks[row.ip]} /> },
  ];

  return (
    <>
      <ListCard
        title="IP addresses"
        heading="h3"
        description="The addresses mail is sent from. Each sends with its PTR name in EHLO; check that the name resolves back (forward-confirmed reverse DNS)."
        action={
          <Button variant="contained" onClick={() => setEditing('new')}>
            Add IP
          </Button>
        }
        loadingLabel="Loading IP addresses"
        query={ips}
        columns={columns}
        rowKey={(row) => row.ipid}
        rowActions={(row) => (
          <>
            <Button size="small" onClick={() => void runCheck(row.ip)} aria-label={`Check ${row.ip}`}>
              Check
            </Button>
            <RowMenu
              name={row.ip}
              items={[
                { label: 'Edit', onClick: () => setEditing(row) },
                { label: 'Delete', onClick: () => setDeleting(row), destructive: true },
              ]}
            />
          </>
        )}
        emptyText="No sending IP yet: mail goes out from any address of the machine."
        errorText="The IP addresses could not be loaded."
      />
      <IpDialog
        open={editing !== null}
        ip={editing === 'new' ? null : editing}
        pools={pools}
        onSubmit={(body) => save.mutateAsync({ id: editing && editing !== 'new' ? editing.ipid : null, body })}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete IP address"
        message={
          deleting?.pool_title
            ? `${deleting.ip} is still in pool ${deleting.pool_title}. Delete it anyway? Its pool sends from the other addresses.`
            : `Delete ${deleting?.ip ?? ''}? Mail is no longer sent from it.`
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() =>
          deleting ? remove.mutateAsync({ id: deleting.ipid, force: deleting.pool_id !== null }) : Promise.resolve()
        }
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
