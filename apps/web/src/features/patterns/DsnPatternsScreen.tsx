import { DSN_PATTERN_ACTIONS, type DsnPattern } from '@mailwright/contract';
import Box from '@mui/material/Box';
import type { z } from 'zod';
import type { Column } from '../../components/DataTable.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import { PatternPlacementFields, PatternTextFields } from './PatternFields.tsx';
import { type PatternForm, PatternsScreen } from './PatternsScreen.tsx';
import { dsnFormValues, dsnPatternForm } from './pattern-forms.ts';
import { DSN_KIND, type DsnTestResult } from './pattern-kinds.ts';

const ACTION_OPTIONS = DSN_PATTERN_ACTIONS.map((action) => ({ value: action, label: action }));

const COLUMNS: Column<DsnPattern>[] = [
  { id: 'status', label: 'Status', render: (rule) => <Box component="code">{rule.status}</Box> },
  { id: 'action', label: 'Action', render: (rule) => rule.action },
];

type FormIn = z.input<typeof dsnPatternForm>;
type FormOut = z.output<typeof dsnPatternForm>;

const FORM: PatternForm<DsnPattern, FormOut, FormIn> = {
  schema: dsnPatternForm,
  values: dsnFormValues,
  fields: ({ control }) => (
    <>
      <PatternTextFields control={control} />
      <FormTextField
        control={control}
        name="status"
        label="Status"
        helperText="The RFC 3463 status a matching bounce gets, such as 5.1.1"
      />
      <FormSelect control={control} name="action" label="Action" options={ACTION_OPTIONS} />
      <PatternPlacementFields control={control} />
    </>
  ),
};

const decision = (result: DsnTestResult) => [
  { label: 'Status', value: result.status ?? '—' },
  { label: 'Action', value: result.action },
];

/** /mta/dsn-patterns: status and action for bounce messages that are not standard RFC 3464 reports. */
export default function DsnPatternsScreen() {
  return (
    <PatternsScreen
      title="DSN patterns"
      intro="Bounce messages that are not standard delivery status notifications (RFC 3464) carry their verdict in free text: these rules give them a status and an action. A standard report's own fields decide without them."
      kind={DSN_KIND}
      columns={COLUMNS}
      form={FORM}
      decision={decision}
      testPlaceholder={'From: MAILER-DAEMON@example.net\nSubject: Undelivered Mail Returned to Sender\n\n…'}
    />
  );
}
