import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reportApiError } from '../../lib/api.ts';
import { returnToOwnCustomer } from '../../lib/customer-switch.ts';
import { useAppState } from '../../lib/store.ts';
import { CustomerPickerDialog } from './CustomerPickerDialog.tsx';

/**
 * The top bar's customer switching (spec 4): a superadmin picks a customer to act as; while acting as one, the chip
 * names it and returns to the own customer. (A partner switches into its clients from the clients screen.)
 */
export function CustomerSwitcher() {
  const session = useAppState((s) => s.session);
  const navigate = useNavigate();
  const location = useLocation();
  const [picking, setPicking] = useState(false);
  const [returning, setReturning] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!session) return null;
  const acting = session.cid !== session.origin.cid;

  const goHome = async () => {
    setReturning(true);
    try {
      await returnToOwnCustomer(navigate, location.pathname + location.search);
    } catch (error) {
      reportApiError(error);
    } finally {
      setReturning(false);
    }
  };

  if (acting) {
    const label = `Acting as ${session.company.name}: return to ${session.origin.name}`;
    // On a phone the top bar has no room for the name: the same control as an icon, the name in its tooltip.
    if (phone) {
      return (
        <Tooltip title={label}>
          <IconButton color="secondary" aria-label={label} disabled={returning} onClick={() => void goHome()}>
            <SwapHorizIcon />
          </IconButton>
        </Tooltip>
      );
    }
    return (
      <Tooltip title={`Return to ${session.origin.name}`}>
        <Chip
          color="secondary"
          size="small"
          clickable
          disabled={returning}
          aria-label={label}
          label={`Acting as ${session.company.name}`}
          onClick={() => void goHome()}
          onDelete={() => void goHome()}
          deleteIcon={<SwapHorizIcon />}
          sx={{ maxWidth: 320 }}
        />
      </Tooltip>
    );
  }
  if (session.role !== 'superadmin') return null;
  return (
    <>
      <Tooltip title="Act as a customer">
        <IconButton color="inherit" aria-label="Act as a customer" onClick={() => setPicking(true)}>
          <SwapHorizIcon />
        </IconButton>
      </Tooltip>
      <CustomerPickerDialog open={picking} onClose={() => setPicking(false)} />
    </>
  );
}
