import { SUPPRESSION_TYPES, type Suppression, type SuppressionType, suppressionCreate } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { formatDateTime } from '../../components/format.ts';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import type { WorkingDomain } from '../../lib/store.ts';
import { CheckRecipientCard } from './CheckRecipientCard.tsx';
import { useAddSuppression, useRemoveSuppression, useSuppressionList } from './suppressions.api.ts';
import { UploadDialog } from './UploadDialog.tsx';
import { UploadProgressCard } from './UploadProgressCard.tsx';

const ABOUT: Record<SuppressionType, string> = {
  bounce: 'Recipients whose mail server refused mail for good (soft bounces only for a while).',
  unsubscribe: 'Recipients who unsubscribed from mail of this domain.',
  complaint: 'Recipients who reported mail of this domain as spam.',
  block: 'Recipients you blocked yourself.',
};

const clamped = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

const COLUMNS: Column<Suppression>[] = [
  {
    id: 'recipient',
    label: 'Recipient',
    sortKey: 'recipient',
    render: (row) => <Box sx={{ overflowWrap: 'anywhere', minWidth: { xs: 140, md: 220 } }}>{row.recipient}</Box>,
  },
  {
    id: 'reason',
    label: 'Reason',
    hideBelow: 'md',
    render: (row) => (
      <Box title={row.reason} sx={{ ...clamped, minWidth: 160 }}>
        {row.reason || '—'}
      </Box>
    ),
  },
  { id: 'category', label: 'Category', hideBelow: 'lg', render: (row) => row.category ?? '—' },
  { id: 'source', label: 'Source', hideBelow: 'lg', render: (row) => row.source },
  {
    id: 'created',
    label: 'Added',
    sortKey: 'created_at',
    hideBelow: 'sm',
    render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Box>,
  },
  {
    id: 'expires',
    label: 'Expires',
    hideBelow: 'lg',
    // Soft bounces suppress for a while; everything else until deleted.
    render: (row) => (
      <Box sx={{ whiteSpace: 'nowrap' }}>{row.expires_at ? formatDateTime(row.expires_at) : 'never'}</Box>
    ),
  },
];

/** The list type is the last part of the path: /suppressions/bounce, …/unsubscribe, …/complaint, …/block. */
function useSuppressionType(): SuppressionType {
  const last = useLocation().pathname.split('/').filter(Boolean).pop() ?? '';
  return (SUPPRESSION_TYPES as readonly string[]).includes(last) ? (last as SuppressionType) : 'bounce';
}

/** /suppressions/{type}: the working domain's list of one type. */
export default function SuppressionsScreen() {
  const type = useSuppressionType();
  // Keyed by type: each tab starts at its first page with an empty search.
  return (
    <WorkingDomainGate>{(domain) => <SuppressionList key={type} domain={domain} type={type} />}</WorkingDomainGate>
  );
}

function SuppressionList({ domain, type }: { domain: WorkingDomain; type: SuppressionType }) {
  const list = useSuppressionList(domain.did, type);
  const add = useAddSuppression(domain.did, type);
  const remove = useRemoveSuppression(domain.did);
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadId, setUploadId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Suppression | null>(null);
  const title = `${type[0]?.toUpperCase()}${type.slice(1)} list`;

  return (
    <Box component="section" aria-labelledby="suppressions-title">
      <Typography id="suppressions-title" variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {ABOUT[type]} Mail from <strong>{domain.name}</strong> to them is dropped.
      </Typography>
      {uploadId !== null ? (
        <UploadProgressCard key={uploadId} did={domain.did} id={uploadId} onDismiss={() => setUploadId(null)} />
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 2fr) minmax(340px, 1fr)' },
        }}
      >
        <DataTable
          label={title}
          columns={COLUMNS}
          list={list}
          rowKey={(row) => row.sid}
          searchLabel="Search recipient"
          emptyText={`No one is on the ${type} list.`}
          toolbar={
            <>
              <Button startIcon={<UploadFileIcon />} onClick={() => setUploading(true)} sx={{ whiteSpace: 'nowrap' }}>
                Upload CSV
              </Button>
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setAdding(true)}
                sx={{ whiteSpace: 'nowrap' }}
              >
                Add
              </Button>
            </>
          }
          rowActions={(row) => (
            <Tooltip title="Delete">
              <IconButton aria-label={`Delete ${row.recipient}`} onClick={() => setDeleting(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        />
        <CheckRecipientCard did={domain.did} domainName={domain.name} />
      </Box>
      <FormDialog
        open={adding}
        title={`Add to the ${type} list`}
        schema={suppressionCreate}
        defaultValues={{ recipient: '', reason: '' }}
        submitLabel="Add"
        onSubmit={(body) => add.mutateAsync(body)}
        onClose={() => setAdding(false)}
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="recipient" label="Recipient" type="email" autoFocus />
            <FormTextField control={control} name="reason" label="Reason" helperText="Optional: why, for later" />
          </>
        )}
      </FormDialog>
      <UploadDialog
        open={uploading}
        did={domain.did}
        type={type}
        onClose={() => setUploading(false)}
        onStarted={setUploadId}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete suppression"
        message={deleting ? `Delete ${deleting.recipient} from the ${type} list? Mail to it is sent again.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync({ type, sid: deleting.sid }) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
