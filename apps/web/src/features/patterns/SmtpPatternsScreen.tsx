import { SMTP_PATTERN_ACTIONS, type SmtpPattern } from '@mailwright/contract';
import Chip from '@mui/material/Chip';
import { useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Column } from '../../components/DataTable.tsx';
import { FormSelect, FormTextField } from '../../components/FormFields.tsx';
import { BackoffCard } from './BackoffCard.tsx';
import { PatternPlacementFields, PatternTextFields } from './PatternFields.tsx';
import { type PatternForm, PatternsScreen } from './PatternsScreen.tsx';
import { smtpFormValues, smtpPatternForm } from './pattern-forms.ts';
import { SMTP_KIND, type SmtpTestResult } from './pattern-kinds.ts';

const ACTION_COLOURS = { retry: 'info', bounce: 'error', backoff: 'warning' } as const;
const ACTION_OPTIONS = SMTP_PATTERN_ACTIONS.map((action) => ({ value: action, label: action }));

function ActionChip({ action, minutes }: { action: SmtpPattern['action']; minutes: number | null }) {
  const label = action === 'backoff' && minutes ? `backoff ${minutes} min` : action;
  return <Chip size="small" variant="outlined" color={ACTION_COLOURS[action]} label={label} />;
}

const COLUMNS: Column<SmtpPattern>[] = [
  {
    id: 'action',
    label: 'Action',
    render: (rule) => <ActionChip action={rule.action} minutes={rule.backoff_minutes} />,
  },
];

type FormIn = z.input<typeof smtpPatternForm>;
type FormOut = z.output<typeof smtpPatternForm>;

/** Backoff minutes belong to a backoff rule only: the field shows for one and empties for the others. */
function BackoffMinutesField({ form }: { form: UseFormReturn<FormIn, unknown, FormOut> }) {
  const action = useWatch({ control: form.control, name: 'action' });
  const { setValue } = form;
  useEffect(() => {
    if (action !== 'backoff') setValue('backoff_minutes', '');
  }, [action, setValue]);
  if (action !== 'backoff') return null;
  return (
    <FormTextField
      control={form.control}
      name="backoff_minutes"
      label="Backoff minutes"
      helperText="How long the destination stays throttled unless a delivery succeeds first (1 to 10080)."
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

const FORM: PatternForm<SmtpPattern, FormOut, FormIn> = {
  schema: smtpPatternForm,
  values: smtpFormValues,
  fields: (form) => (
    <>
      <PatternTextFields control={form.control} />
      <FormSelect
        control={form.control}
        name="action"
        label="Action"
        options={ACTION_OPTIONS}
        helperText="retry later, bounce now, or back off the destination (fewer connections, slower, longer retries)"
      />
      <BackoffMinutesField form={form} />
      <PatternPlacementFields control={form.control} />
    </>
  ),
};

const decision = (result: SmtpTestResult) => [
  { label: 'Action', value: <ActionChip action={result.action} minutes={result.backoff_minutes} /> },
];

/** /mta/smtp-patterns: what the engine does with a remote reply, and the destinations such rules put in backoff. */
export default function SmtpPatternsScreen() {
  return (
    <PatternsScreen
      title="SMTP patterns"
      intro="What delivery does with a remote server's reply: retry later, bounce, or back off the destination. The first enabled rule that matches wins; with none, the reply class decides (4xx retry, 5xx bounce)."
      kind={SMTP_KIND}
      columns={COLUMNS}
      form={FORM}
      decision={decision}
      testPlaceholder="421 4.7.0 Try again later, closing connection"
    >
      <BackoffCard />
    </PatternsScreen>
  );
}
