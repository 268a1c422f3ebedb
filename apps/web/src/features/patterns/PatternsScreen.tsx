import Box from '@mui/material/Box';
import { type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Column } from '../../components/DataTable.tsx';
import { type EnabledFilter, enabledFilterOptions, enabledToggle } from '../../components/ListActions.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { ClampedText, dateColumn, enabledColumn } from '../../components/listColumns.tsx';
import { type DecisionItem, PatternTestPanel, type TestResultBase } from './PatternTestPanel.tsx';
import type { PatternBase, PatternKind } from './pattern-kinds.ts';
import { usePatternList, usePatternMutations } from './patterns.api.ts';

export interface PatternForm<P, W, In extends FieldValues> {
  /** The contract's create schema, taking the form's text values (see pattern-forms.ts). */
  schema: z.ZodType<W, In>;
  values: (rule: P | null) => DefaultValues<In>;
  fields: (form: UseFormReturn<In, unknown, W>) => ReactNode;
}

interface PatternsScreenProps<P extends PatternBase, W, In extends FieldValues, R extends TestResultBase<P>> {
  /** "SMTP patterns": the screen's heading (an h2 under the MTA section's h1). */
  title: string;
  intro: string;
  kind: PatternKind<P, W, R>;
  /** The list's own columns (action, status, category …), shown after the pattern. */
  columns: Column<P>[];
  form: PatternForm<P, W, In>;
  decision: (result: R) => DecisionItem[];
  testPlaceholder: string;
  /** More cards under the list (the SMTP screen's destinations in backoff). */
  children?: ReactNode;
}

const FILTERS = enabledFilterOptions('All rules');
const ruleName = (rule: PatternBase) => `rule ${rule.position}`;

/**
 * One operator rule list (MTA section): rules in matching order, 50 a page, with create, edit, enable/disable and
 * delete, and beside it a test panel that runs a sample reply or bounce message through the enabled rules.
 */
export function PatternsScreen<P extends PatternBase, W, In extends FieldValues, R extends TestResultBase<P>>({
  title,
  intro,
  kind,
  columns,
  form,
  decision,
  testPlaceholder,
  children,
}: PatternsScreenProps<P, W, In, R>) {
  const [filter, setFilter] = useState<EnabledFilter>('all');
  const list = usePatternList(kind, filter);
  const { save, toggle, remove } = usePatternMutations(kind);
  const enabled = enabledToggle<P>(toggle, kind.idOf, ruleName);

  const allColumns: Column<P>[] = [
    { id: 'position', label: '#', sortKey: 'position', width: 48, render: (rule) => rule.position },
    {
      id: 'pattern',
      label: 'Pattern',
      sortKey: 'pattern',
      // Long rules (some run to hundreds of characters) show three lines; the edit dialog has them whole.
      render: (rule) => (
        <ClampedText
          code
          text={rule.pattern}
          lines={3}
          sx={{ fontSize: 13, wordBreak: 'break-all', minWidth: { xs: 160, lg: 240 } }}
        />
      ),
    },
    ...columns,
    {
      id: 'note',
      label: 'Note',
      sortKey: 'note',
      hideBelow: 'lg',
      render: (rule) => <ClampedText text={rule.note} lines={3} sx={{ minWidth: 140 }} />,
    },
    enabledColumn(enabled),
    dateColumn({ id: 'updated', label: 'Changed', sortKey: 'updated_at', hideBelow: 'lg', value: (r) => r.updated_at }),
  ];

  return (
    <ListScreen
      title={title}
      titleId="patterns-title"
      intro={intro}
      columns={allColumns}
      list={list}
      rowKey={kind.idOf}
      rowName={ruleName}
      searchLabel="Search pattern or note"
      emptyText="No rules yet."
      filter={{ label: 'Show', value: filter, options: FILTERS, onChange: setFilter }}
      addLabel="New rule"
      toggle={enabled}
      aside={{
        minWidth: 360,
        render: (edit) => (
          <Box sx={{ position: { xl: 'sticky' }, top: { xl: 80 } }}>
            <PatternTestPanel<P, R>
              listName={title}
              run={kind.test}
              decision={decision}
              onEditMatch={edit}
              placeholder={testPlaceholder}
            />
          </Box>
        ),
      }}
      form={{
        addTitle: `New ${kind.noun}`,
        editTitle: (rule) => `Edit ${kind.noun} ${rule.position}`,
        schema: form.schema,
        values: form.values,
        fields: (bound) => form.fields(bound),
        submit: (body, rule) => save.mutateAsync({ id: rule ? kind.idOf(rule) : null, body }),
      }}
      remove={{
        title: `Delete ${kind.noun}`,
        message: (rule) => `Delete rule ${rule.position} (${rule.pattern})? Mail no longer matches it.`,
        run: (rule) => remove.mutateAsync(kind.idOf(rule)),
      }}
    >
      {children}
    </ListScreen>
  );
}
