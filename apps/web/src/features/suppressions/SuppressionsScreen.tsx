import { SUPPRESSION_TYPES, type Suppression, type SuppressionType, suppressionCreate } from '@mailwright/contract';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { Column } from '../../components/DataTable.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { ClampedText, dateColumn } from '../../components/listColumns.tsx';
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

// The table fits its area from md up: at 960 px it has 662 px and its columns need at least 644, at 1280 px (lg)
// 982 and 926 (a long reason wraps anywhere, then is clamped). To keep it so, Source, the least telling, waits for xl.
const COLUMNS: Column<Suppression>[] = [
  {
    id: 'recipient',
    label: 'Recipient',
    sortKey: 'recipient',
    render: (row) => <Box sx={{ overflowWrap: 'anywhere', minWidth: { xs: 140, md: 180 } }}>{row.recipient}</Box>,
  },
  {
    id: 'reason',
    label: 'Reason',
    hideBelow: 'md',
    render: (row) => <ClampedText text={row.reason} lines={2} sx={{ minWidth: 140 }} />,
  },
  { id: 'category', label: 'Category', hideBelow: 'lg', render: (row) => row.category ?? '—' },
  { id: 'source', label: 'Source', hideBelow: 'xl', render: (row) => row.source },
  dateColumn({ id: 'created', label: 'Added', sortKey: 'created_at', hideBelow: 'sm', value: (row) => row.created_at }),
  // Soft bounces suppress for a while; everything else until deleted.
  dateColumn({ id: 'expires', label: 'Expires', hideBelow: 'lg', value: (row) => row.expires_at, empty: 'never' }),
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
  const [uploading, setUploading] = useState(false);
  const [uploadId, setUploadId] = useState<number | null>(null);
  const title = `${type[0]?.toUpperCase()}${type.slice(1)} list`;

  return (
    <ListScreen
      title={title}
      titleId="suppressions-title"
      intro={
        <>
          {ABOUT[type]} Mail from <strong>{domain.name}</strong> to them is dropped.
        </>
      }
      introMaxWidth="none"
      above={
        uploadId !== null ? (
          <UploadProgressCard key={uploadId} did={domain.did} id={uploadId} onDismiss={() => setUploadId(null)} />
        ) : null
      }
      columns={COLUMNS}
      list={list}
      rowKey={(row) => row.sid}
      rowName={(row) => row.recipient}
      searchLabel="Search recipient"
      emptyText={`No one is on the ${type} list.`}
      tools={
        <Button startIcon={<UploadFileIcon />} onClick={() => setUploading(true)} sx={{ whiteSpace: 'nowrap' }}>
          Upload CSV
        </Button>
      }
      editTooltip={null}
      aside={{ minWidth: 340, render: () => <CheckRecipientCard did={domain.did} domainName={domain.name} /> }}
      form={{
        addTitle: `Add to the ${type} list`,
        addSubmitLabel: 'Add',
        schema: suppressionCreate,
        values: () => ({ recipient: '', reason: '' }),
        submit: (body) => add.mutateAsync(body),
        fields: ({ control }) => (
          <>
            <FormTextField control={control} name="recipient" label="Recipient" type="email" autoFocus />
            <FormTextField control={control} name="reason" label="Reason" helperText="Optional: why, for later" />
          </>
        ),
      }}
      remove={{
        title: 'Delete suppression',
        message: (row) => `Delete ${row.recipient} from the ${type} list? Mail to it is sent again.`,
        run: (row) => remove.mutateAsync({ type, sid: row.sid }),
      }}
    >
      <UploadDialog
        open={uploading}
        did={domain.did}
        type={type}
        onClose={() => setUploading(false)}
        onStarted={setUploadId}
      />
    </ListScreen>
  );
}
