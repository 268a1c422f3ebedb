import type { Customer } from '@mailwright/contract';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';

export type CustomerAction = 'act-as' | 'edit' | 'billing' | 'contract' | 'delete';

interface CustomerActionsProps {
  customer: Customer;
  /** The operator's own customer: no acting as it, no deleting it. */
  own: boolean;
  onAction: (customer: Customer, action: CustomerAction) => void;
}

/** "Act as" stays one click away; the rest sits in a menu so the row fits a phone. */
export function CustomerActions({ customer, own, onAction }: CustomerActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: CustomerAction) => {
    setAnchor(null);
    onAction(customer, action);
  };
  return (
    <>
      {own ? null : (
        <Tooltip title="Act as this customer">
          <IconButton
            size="small"
            aria-label={`Act as ${customer.customer}`}
            onClick={() => onAction(customer, 'act-as')}
          >
            <SwapHorizIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <IconButton
        size="small"
        aria-label={`Actions for ${customer.customer}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('edit')}>Edit</MenuItem>
        <MenuItem onClick={() => pick('billing')}>Billing</MenuItem>
        {customer.contract_signed_at ? null : (
          <MenuItem onClick={() => pick('contract')}>Mark the contract signed</MenuItem>
        )}
        {own ? null : <Divider />}
        {own ? null : (
          <MenuItem onClick={() => pick('delete')} sx={{ color: 'error.main' }}>
            Delete
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
