import { type AllowlistEntry, allowlistWrite } from '@mailwright/contract';
import Box from '@mui/material/Box';
import type { Column } from '../../components/DataTable.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { dateColumn } from '../../components/listColumns.tsx';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import { ApiError } from '../../lib/api.ts';
import type { WorkingDomain } from '../../lib/store.ts';
import { AllowlistCheckCard } from './AllowlistCheckCard.tsx';
import { useAllowlist, useDeleteAllowlistEntry, useSaveAllowlistEntry } from './allowlists.api.ts';

const COLUMNS: Column<AllowlistEntry>[] = [
  {
    id: 'recipient',
    label: 'Recipient',
    sortKey: 'recipient',
    render: (entry) => <Box sx={{ overflowWrap: 'anywhere', minWidth: { xs: 140, md: 220 } }}>{entry.recipient}</Box>,
  },
  { id: 'note', label: 'Note', sortKey: 'note', hideBelow: 'md', render: (entry) => entry.note || '—' },
  dateColumn({ id: 'created', label: 'Added', sortKey: 'created_at', hideBelow: 'sm', value: (e) => e.created_at }),
];

/** /allowlists/recipients: recipients of the working domain that are never suppressed automatically. */
export default function RecipientAllowlistScreen() {
  return <WorkingDomainGate>{(domain) => <RecipientAllowlist domain={domain} />}</WorkingDomainGate>;
}

function RecipientAllowlist({ domain }: { domain: WorkingDomain }) {
  const list = useAllowlist(domain.did);
  const save = useSaveAllowlistEntry(domain.did);
  const remove = useDeleteAllowlistEntry(domain.did);

  // Spec 8: a delete answered 400, 402 or 404 has shown its message and reloaded the list; the question is over.
  const confirmDelete = async (entry: AllowlistEntry) => {
    try {
      await remove.mutateAsync(entry.id);
    } catch (error) {
      if (!(error instanceof ApiError && [400, 402, 404].includes(error.status))) throw error;
    }
  };

  return (
    <ListScreen
      title="Recipient allow-list"
      titleId="allowlist-title"
      intro={
        <>
          Bounces, complaints and unsubscribes never put these recipients of <strong>{domain.name}</strong> on a
          suppression list. An entry is an address, or a domain name for every address at it.
        </>
      }
      columns={COLUMNS}
      list={list}
      rowKey={(entry) => entry.id}
      rowName={(entry) => entry.recipient}
      searchLabel="Search recipient"
      emptyText="No recipients on the allow-list."
      editTooltip="Edit note"
      aside={{ minWidth: 340, render: () => <AllowlistCheckCard did={domain.did} /> }}
      form={{
        addTitle: 'Add to the allow-list',
        addSubmitLabel: 'Add',
        schema: allowlistWrite,
        values: (entry) => ({ recipient: entry?.recipient ?? '', note: entry?.note ?? '' }),
        submit: (body, entry) => save.mutateAsync({ id: entry?.id ?? null, body }),
        fields: ({ control }, editing) => (
          <>
            <FormTextField
              control={control}
              name="recipient"
              label="Recipient"
              autoFocus={!editing}
              disabled={Boolean(editing)}
              helperText="An email address, or a domain name for every address at it"
            />
            <FormTextField control={control} name="note" label="Note" autoFocus={Boolean(editing)} />
          </>
        ),
      }}
      remove={{
        title: 'Delete allow-list entry',
        message: (entry) => `Delete ${entry.recipient} from the allow-list?`,
        run: confirmDelete,
      }}
    />
  );
}
