import { type UriBlockEntry, uriBlockWrite } from '@mailwright/contract';
import Box from '@mui/material/Box';
import { useState } from 'react';
import type { Column } from '../../components/DataTable.tsx';
import { FormSwitch } from '../../components/FormFields.tsx';
import { LinkHostFields } from '../../components/LinkHostFields.tsx';
import { type EnabledFilter, enabledFilterOptions, enabledToggle } from '../../components/ListActions.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { dateColumn, enabledColumn } from '../../components/listColumns.tsx';
import { useUriBlocklist, useUriBlocklistMutations } from './uri-blocklist.api.ts';

const FILTERS = enabledFilterOptions('All entries');
const idOf = (entry: UriBlockEntry) => entry.ubid;
const hostOf = (entry: UriBlockEntry) => entry.uri;

/** /uri-blocklist (superadmin): intake refuses messages that link to these hosts or names under them. */
export default function UriBlocklistScreen() {
  const [filter, setFilter] = useState<EnabledFilter>('all');
  const list = useUriBlocklist(filter);
  const { save, toggle, remove } = useUriBlocklistMutations();
  const enabled = enabledToggle(toggle, idOf, hostOf);

  const columns: Column<UriBlockEntry>[] = [
    {
      id: 'uri',
      label: 'Link host',
      sortKey: 'uri',
      render: (entry) => <Box sx={{ overflowWrap: 'anywhere', minWidth: { xs: 100, sm: 160 } }}>{entry.uri}</Box>,
    },
    { id: 'note', label: 'Note', sortKey: 'note', hideBelow: 'md', render: (entry) => entry.note || '—' },
    enabledColumn(enabled),
    dateColumn({ id: 'updated', label: 'Changed', sortKey: 'updated_at', hideBelow: 'lg', value: (e) => e.updated_at }),
  ];

  return (
    <ListScreen
      title="URI blocklist"
      titleId="uri-blocklist-title"
      level={1}
      intro="Intake refuses every message with a link to an enabled host here, or to a name under it (phishing, malware, abused shorteners), unless the sending account's URI allow-list names that host."
      columns={columns}
      list={list}
      rowKey={idOf}
      rowName={hostOf}
      searchLabel="Search host or note"
      emptyText="The URI blocklist is empty."
      filter={{ label: 'Show', value: filter, options: FILTERS, onChange: setFilter }}
      toggle={enabled}
      form={{
        addTitle: 'Block a link host',
        schema: uriBlockWrite,
        values: (entry) => ({ uri: entry?.uri ?? '', note: entry?.note ?? '', enabled: entry?.enabled ?? true }),
        submit: (body, entry) => save.mutateAsync({ id: entry ? idOf(entry) : null, body }),
        fields: ({ control }) => (
          <>
            <LinkHostFields
              control={control}
              helperText="example.com also blocks every name under it; from a URL only its host is kept"
            />
            <FormSwitch control={control} name="enabled" label="Enabled" />
          </>
        ),
      }}
      remove={{
        title: 'Delete blocked link host',
        message: (entry) => `Delete ${entry.uri}? Messages may link to it again.`,
        run: (entry) => remove.mutateAsync(idOf(entry)),
      }}
    />
  );
}
