import { formatMinor, type Tier, tierLabel } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { RowActions, type RowToggle } from '../../components/ListActions.tsx';
import { enabledColumn } from '../../components/listColumns.tsx';
import { useTierMutations, useTiers } from './billing.api.ts';
import { tierForm, tierFormValues } from './billing-forms.ts';
import { TierFields } from './TierFields.tsx';

const overage = (t: Tier) =>
  t.hard_cap ? 'Hard cap' : `${formatMinor(t.overage_per_1000, t.currency)} ${t.currency} per 1,000`;

/** /billing/tiers (superadmin): the tiers customers are put on; retired ones stay for the customers and invoices. */
export default function TiersScreen() {
  const list = useTiers();
  const { save, retire } = useTierMutations();
  const [dialog, setDialog] = useState<{ open: boolean; tier: Tier | null }>({ open: false, tier: null });
  const offered: RowToggle<Tier> = {
    checked: (t) => !t.retired,
    label: (t) => `Offered: ${tierLabel(t)}`,
    pending: (t) => retire.isPending && retire.variables?.btid === t.btid,
    set: (t, on) => retire.mutate({ btid: t.btid, retired: !on }),
  };
  const columns: Column<Tier>[] = [
    {
      id: 'label',
      label: 'Tier',
      render: (t) => (
        <Box sx={{ minWidth: 150 }}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {tierLabel(t)}
          </Box>
          {t.name ? (
            <Typography variant="body2" color="text.secondary">
              {t.name}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    { id: 'overage', label: 'Beyond the allowance', hideBelow: 'md', render: overage },
    {
      id: 'state',
      label: 'State',
      hideBelow: 'sm',
      render: (t) =>
        t.retired ? <Chip size="small" label="Retired" /> : <Chip size="small" color="success" label="Current" />,
    },
    { ...enabledColumn(offered), label: 'Offered', sortKey: undefined },
  ];

  return (
    <Box component="section" aria-labelledby="tiers-title">
      <Typography id="tiers-title" variant="h6" component="h2">
        Tiers
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        What a customer pays a month and how many emails that includes. Beyond the allowance a tier either bills overage
        per started 1,000 emails or, with a hard cap, refuses mail. Switching a tier off retires it: customers on it
        keep it, nobody new gets it.
      </Typography>
      <DataTable
        label="Tiers"
        columns={columns}
        list={list}
        rowKey={(t) => t.btid}
        emptyText="No tiers yet: add the first one."
        toolbar={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, tier: null })}>
            Add tier
          </Button>
        }
        rowActions={(t) => (
          <RowActions row={t} toggle={offered}>
            <Tooltip title="Edit">
              <IconButton aria-label={`Edit ${tierLabel(t)}`} onClick={() => setDialog({ open: true, tier: t })}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </RowActions>
        )}
      />
      <FormDialog
        open={dialog.open}
        title={dialog.tier ? `Edit ${tierLabel(dialog.tier)}` : 'Add a tier'}
        submitLabel={dialog.tier ? 'Save' : 'Add'}
        schema={tierForm}
        defaultValues={tierFormValues(dialog.tier)}
        onSubmit={(body) => save.mutateAsync({ id: dialog.tier?.btid ?? null, body })}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      >
        {({ control }) => <TierFields control={control} />}
      </FormDialog>
    </Box>
  );
}
