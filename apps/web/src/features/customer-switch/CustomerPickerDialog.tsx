import { customersEndpoints, PAGE_SIZES } from '@mailwright/contract';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, reportApiError } from '../../lib/api.ts';
import { switchToCustomer } from '../../lib/customer-switch.ts';
import { useAppState } from '../../lib/store.ts';

const SEARCH_DELAY_MS = 300;

/** Find a customer by name and act as it (PUT proxy/{id}). */
export function CustomerPickerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ownCid = useAppState((s) => s.session?.origin.cid);
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [switching, setSwitching] = useState<number | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const customers = useQuery({
    queryKey: ['customers', 'picker', search],
    queryFn: ({ signal }) =>
      api(customersEndpoints.list, {
        // Spec 9: the customer selector fetches all customers (page size 0), narrowed by the search.
        query: { search, limit: PAGE_SIZES.allCustomers, sort: 'customer', order: 'asc' },
        signal,
      }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const pick = async (cid: number) => {
    setSwitching(cid);
    try {
      await switchToCustomer(cid, navigate, location.pathname + location.search);
      onClose();
    } catch (error) {
      reportApiError(error);
    } finally {
      setSwitching(null);
    }
  };
  const items = (customers.data?.items ?? []).filter((customer) => customer.cid !== ownCid);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="customer-picker-title">
      <DialogTitle id="customer-picker-title">Act as a customer</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        <TextField
          autoFocus
          fullWidth
          size="small"
          type="search"
          label="Customer name"
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ mt: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {customers.isFetching || switching !== null ? <LinearProgress sx={{ mt: 1 }} /> : null}
        <List dense aria-label="Customers" sx={{ minHeight: 120, maxHeight: 420, overflowY: 'auto' }}>
          {items.map((customer) => (
            <ListItemButton key={customer.cid} disabled={switching !== null} onClick={() => void pick(customer.cid)}>
              <ListItemText primary={customer.customer} secondary={`#${customer.cid}`} />
              {customer.partner ? <Chip size="small" label="partner" variant="outlined" /> : null}
            </ListItemButton>
          ))}
          {customers.isSuccess && items.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              No customer matches.
            </Typography>
          ) : null}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
