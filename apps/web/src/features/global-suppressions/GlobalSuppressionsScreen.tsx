import {
  PAGE_SIZES,
  SUPPRESSION_TYPES,
  type Suppression,
  type SuppressionType,
  suppressionCreate,
  suppressionsEndpoints,
  suppressionType,
} from '@mailwright/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { Column } from '../../components/DataTable.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import type { FilterOption } from '../../components/ListActions.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { dateColumn } from '../../components/listColumns.tsx';
import { useRemoveMutation } from '../../components/listMutations.ts';
import { invalidateList, usePagedList } from '../../components/usePagedList.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';

const GLOBAL_KEY = ['global-suppressions'] as const;
type TypeFilter = SuppressionType | 'all';

/** The form picks the list too: POST suppressions/global/{type} takes it in the path. */
const globalCreate = suppressionCreate.extend({ type: suppressionType });
const TYPE_OPTIONS = SUPPRESSION_TYPES.map((type) => ({ value: type, label: type }));
const FILTERS: FilterOption<TypeFilter>[] = [{ value: 'all', label: 'All lists' }, ...TYPE_OPTIONS];

const COLUMNS: Column<Suppression>[] = [
  {
    id: 'recipient',
    label: 'Recipient',
    sortKey: 'recipient',
    render: (row) => (
      <Box sx={{ overflowWrap: 'anywhere', minWidth: { xs: 140, md: 220 } }}>
        {row.recipient}
        {/* Phones hide the List column: the list shows under the address. */}
        <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: 12 }}>
          {row.type} list
        </Box>
      </Box>
    ),
  },
  {
    id: 'type',
    label: 'List',
    sortKey: 'type',
    hideBelow: 'sm',
    render: (row) => <Chip size="small" label={row.type} />,
  },
  { id: 'reason', label: 'Reason', hideBelow: 'md', render: (row) => row.reason || '—' },
  dateColumn({ id: 'created', label: 'Added', sortKey: 'created_at', hideBelow: 'sm', value: (row) => row.created_at }),
];

/** /mta/global-suppressions: recipients no customer may mail (operators: superadmin, subrole master or mta). */
export default function GlobalSuppressionsScreen() {
  const [filter, setFilter] = useState<TypeFilter>('all');
  const type = filter === 'all' ? undefined : filter;
  const list = usePagedList<Suppression>({
    queryKey: [...GLOBAL_KEY, filter],
    fetchPage: (query, signal) => api(suppressionsEndpoints.globalList, { query: { ...query, type }, signal }),
    pageSize: PAGE_SIZES.suppressions,
    sort: 'created_at',
    order: 'desc',
  });
  const add = useMutation({
    mutationFn: ({ type: listType, ...body }: z.output<typeof globalCreate>) =>
      api(suppressionsEndpoints.globalCreate, { params: { type: listType }, body }),
    onSuccess: (added) => {
      notify(`${added.recipient} added to the global ${added.type} list`);
      return invalidateList(GLOBAL_KEY);
    },
  });
  const remove = useRemoveMutation(GLOBAL_KEY, (sid: number) =>
    api(suppressionsEndpoints.globalRemove, { query: { sid } }),
  );

  return (
    <ListScreen
      title="Global suppressions"
      titleId="global-suppressions-title"
      intro="Recipients no customer's mail goes to, whatever their own lists say."
      columns={COLUMNS}
      list={list}
      rowKey={(row) => row.sid}
      rowName={(row) => row.recipient}
      searchLabel="Search recipient"
      emptyText="No global suppressions."
      filter={{ label: 'List', value: filter, options: FILTERS, onChange: setFilter }}
      editTooltip={null}
      form={{
        addTitle: 'Add a global suppression',
        addSubmitLabel: 'Add',
        schema: globalCreate,
        values: () => ({ recipient: '', reason: '', type: type ?? 'block' }),
        submit: (body) => add.mutateAsync(body),
        fields: ({ control }) => (
          <>
            <FormTextField control={control} name="recipient" label="Recipient" type="email" autoFocus />
            <FormSelect control={control} name="type" label="List" options={TYPE_OPTIONS} />
            <FormTextField control={control} name="reason" label="Reason" />
          </>
        ),
      }}
      remove={{
        title: 'Delete global suppression',
        message: (row) => `Delete ${row.recipient} from the global ${row.type} list?`,
        run: (row) => remove.mutateAsync(row.sid),
      }}
    />
  );
}
