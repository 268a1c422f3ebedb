import { type UriAllowEntry, uriWrite } from '@mailwright/contract';
import Box from '@mui/material/Box';
import type { Column } from '../../components/DataTable.tsx';
import { LinkHostFields } from '../../components/LinkHostFields.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { dateColumn } from '../../components/listColumns.tsx';
import { useUriAllowlist, useUriAllowlistMutations } from './allowlists.api.ts';

const COLUMNS: Column<UriAllowEntry>[] = [
  {
    id: 'uri',
    label: 'Link host',
    sortKey: 'uri',
    render: (entry) => <Box sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>{entry.uri}</Box>,
  },
  { id: 'note', label: 'Note', sortKey: 'note', hideBelow: 'md', render: (entry) => entry.note || '—' },
  dateColumn({ id: 'updated', label: 'Changed', hideBelow: 'sm', value: (entry) => entry.updated_at }),
];

/** /allowlists/uris (admin, superadmin): link hosts this account may send although the URI blocklist lists them. */
export default function UriAllowlistScreen() {
  const list = useUriAllowlist();
  const { save, remove } = useUriAllowlistMutations();
  return (
    <ListScreen
      title="URI allow-list"
      titleId="uri-allowlist-title"
      intro="Messages may link to these hosts (and the names under them) even when the operators' URI blocklist lists them."
      columns={COLUMNS}
      list={list}
      rowKey={(entry) => entry.upid}
      rowName={(entry) => entry.uri}
      searchLabel="Search host or note"
      emptyText="No link hosts on the allow-list."
      form={{
        addTitle: 'Allow a link host',
        schema: uriWrite,
        values: (entry) => ({ uri: entry?.uri ?? '', note: entry?.note ?? '' }),
        submit: (body, entry) => save.mutateAsync({ id: entry?.upid ?? null, body }),
        fields: ({ control }) => (
          <LinkHostFields
            control={control}
            helperText="example.com covers every name under it; from a URL only its host is kept"
          />
        ),
      }}
      remove={{
        title: 'Delete allowed link host',
        message: (entry) => `Delete ${entry.uri}? Links to it follow the URI blocklist again.`,
        run: (entry) => remove.mutateAsync(entry.upid),
      }}
    />
  );
}
