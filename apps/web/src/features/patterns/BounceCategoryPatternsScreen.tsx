import { BOUNCE_CATEGORIES, type BounceCategoryPattern } from '@mailwright/contract';
import type { z } from 'zod';
import type { Column } from '../../components/DataTable.tsx';
import { FormSelect } from '../../components/FormFields.tsx';
import { PatternPlacementFields, PatternTextFields } from './PatternFields.tsx';
import { type PatternForm, PatternsScreen } from './PatternsScreen.tsx';
import { categoryFormValues, categoryPatternForm, HARDNESS, hardnessOf } from './pattern-forms.ts';
import { CATEGORY_KIND, type CategoryTestResult } from './pattern-kinds.ts';

const CATEGORY_OPTIONS = BOUNCE_CATEGORIES.map((category) => ({ value: category, label: category }));
const HARDNESS_LABELS = { auto: 'by category and reply class', hard: 'hard bounce', soft: 'soft bounce' } as const;
const HARDNESS_OPTIONS = HARDNESS.map((value) => ({ value, label: HARDNESS_LABELS[value] }));

const COLUMNS: Column<BounceCategoryPattern>[] = [
  { id: 'category', label: 'Category', render: (rule) => rule.category },
  {
    id: 'hard',
    label: 'Bounce',
    hideBelow: 'md',
    render: (rule) => (rule.hard === null ? 'auto' : rule.hard ? 'hard' : 'soft'),
  },
];

type FormIn = z.input<typeof categoryPatternForm>;
type FormOut = z.output<typeof categoryPatternForm>;

const FORM: PatternForm<BounceCategoryPattern, FormOut, FormIn> = {
  schema: categoryPatternForm,
  values: categoryFormValues,
  fields: ({ control }) => (
    <>
      <PatternTextFields control={control} />
      <FormSelect control={control} name="category" label="Category" options={CATEGORY_OPTIONS} />
      <FormSelect
        control={control}
        name="hard"
        label="Hard or soft"
        options={HARDNESS_OPTIONS}
        helperText="A soft bounce suppresses a recipient only for a while; a hard one until deleted."
      />
      <PatternPlacementFields control={control} />
    </>
  ),
};

const decision = (result: CategoryTestResult) => [
  { label: 'Category', value: result.category },
  { label: 'Bounce', value: HARDNESS_LABELS[hardnessOf(result.hard)] },
  { label: 'Status', value: result.status ?? '—' },
];

/** /mta/bounce-category-patterns: why a bounce happened (bad-mailbox, quota-issues, spam-related, …). */
export default function BounceCategoryPatternsScreen() {
  return (
    <PatternsScreen
      title="Bounce-category patterns"
      intro="Why a bounce happened: each rule sees '<status>; <reply>' (for example '5.1.1; 550 5.1.1 User unknown') and names its category, which statistics, logs and suppressions show. The first enabled rule that matches wins."
      kind={CATEGORY_KIND}
      columns={COLUMNS}
      form={FORM}
      decision={decision}
      testPlaceholder="550 5.1.1 <jane@example.com>: Recipient address rejected: User unknown"
    />
  );
}
