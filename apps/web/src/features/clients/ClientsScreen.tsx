import type { ClientVettingState, Subaccount } from '@mailwright/contract';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { reportApiError } from '../../lib/api.ts';
import { switchToCustomer } from '../../lib/customer-switch.ts';
import { AddClientDialog, InviteAccountDialog } from './AddClientDialog.tsx';
import { useClientsList } from './clients.api.ts';
import { JoinRequestsPanel } from './JoinRequestsPanel.tsx';

const VETTING: Record<
  ClientVettingState,
  { label: string; color: 'default' | 'info' | 'warning' | 'success' | 'error' }
> = {
  none: { label: 'not vetted', color: 'default' },
  inprogress: { label: 'form sent', color: 'info' },
  submitted: { label: 'awaiting review', color: 'warning' },
  approved: { label: 'approved', color: 'success' },
  rejected: { label: 'rejected', color: 'error' },
};

const COLUMNS: Column<Subaccount>[] = [
  {
    id: 'customer',
    label: 'Client',
    sortKey: 'customer',
    render: (client) => (
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
          {client.customer}
        </Typography>
        {client.email ? (
          <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {client.email}
          </Typography>
        ) : null}
      </Box>
    ),
  },
  {
    id: 'vetting',
    label: 'Vetting',
    render: (client) => (
      <Chip
        size="small"
        variant="outlined"
        label={VETTING[client.vetting].label}
        color={VETTING[client.vetting].color}
      />
    ),
  },
  {
    id: 'created_at',
    label: 'Added',
    sortKey: 'created_at',
    hideBelow: 'md',
    render: (client) => formatDateTime(client.created_at),
  },
];

/** /clients (admin, superadmin): the sub-accounts with their vetting state, adding and inviting clients, acting as one. */
export default function ClientsScreen() {
  const list = useClientsList();
  const navigate = useNavigate();
  const location = useLocation();
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [switching, setSwitching] = useState<number | null>(null);

  const actAs = async (client: Subaccount) => {
    setSwitching(client.cid);
    try {
      // Spec 4: the landing rule (from /clients to /dashboard when the client has no clients) is in customer-switch.
      await switchToCustomer(client.cid, navigate, location.pathname + location.search);
    } catch (error) {
      reportApiError(error);
    } finally {
      setSwitching(null);
    }
  };

  return (
    <Box component="section" aria-labelledby="clients-title">
      <Typography id="clients-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        Clients
      </Typography>
      <DataTable
        label="Clients"
        columns={COLUMNS}
        list={list}
        rowKey={(client) => client.cid}
        searchLabel="Search clients"
        emptyText="No clients yet. Add one, or invite someone to open an account as your client."
        toolbar={
          <>
            <Button startIcon={<MailOutlineIcon />} onClick={() => setInviting(true)}>
              Invite
            </Button>
            <Button variant="contained" startIcon={<AddBusinessIcon />} onClick={() => setAdding(true)}>
              Add client
            </Button>
          </>
        }
        rowActions={(client) => (
          <>
            {/* Words where there is room; on a phone the icon alone, so the name and vetting state keep the row. */}
            <Button
              size="small"
              startIcon={<SwapHorizIcon />}
              disabled={switching !== null}
              aria-label={`Act as ${client.customer}`}
              onClick={() => void actAs(client)}
              sx={{ display: { xs: 'none', md: 'inline-flex' } }}
            >
              Act as
            </Button>
            <Tooltip title={`Act as ${client.customer}`}>
              <IconButton
                size="small"
                color="primary"
                disabled={switching !== null}
                aria-label={`Act as ${client.customer}`}
                onClick={() => void actAs(client)}
                sx={{ display: { xs: 'inline-flex', md: 'none' } }}
              >
                <SwapHorizIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <JoinRequestsPanel />
      <AddClientDialog open={adding} onClose={() => setAdding(false)} />
      <InviteAccountDialog open={inviting} onClose={() => setInviting(false)} />
    </Box>
  );
}
