import Stack from '@mui/material/Stack';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormSwitch, FormTextField } from '../../components/FormFields.tsx';

/**
 * The fields every rule form has (pattern, note, position, enabled): pattern and note first, position and enabled
 * after the list's own fields.
 */
type Props<T extends FieldValues> = { control: Control<T, unknown, unknown> };

export function PatternTextFields<T extends FieldValues>({ control }: Props<T>) {
  return (
    <>
      <FormTextField
        control={control}
        name={'pattern' as Path<T>}
        label="Pattern"
        autoFocus
        multiline
        maxRows={6}
        helperText="A regular expression, case-insensitive; /source/flags takes exactly those flags."
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <FormTextField control={control} name={'note' as Path<T>} label="Note" />
    </>
  );
}

export function PatternPlacementFields<T extends FieldValues>({ control }: Props<T>) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <FormTextField
        control={control}
        name={'position' as Path<T>}
        label="Position"
        helperText="Rules match in this order; empty puts a new rule last."
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormSwitch control={control} name={'enabled' as Path<T>} label="Enabled" />
    </Stack>
  );
}
