import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from './FormFields.tsx';

/** The URI lists' form fields: a link host (from a URL only its host is kept) and a note. */
export function LinkHostFields<T extends FieldValues>(props: {
  control: Control<T, unknown, unknown>;
  helperText: string;
}) {
  return (
    <>
      <FormTextField
        control={props.control}
        name={'uri' as Path<T>}
        label="Link host or URL"
        autoFocus
        helperText={props.helperText}
      />
      <FormTextField control={props.control} name={'note' as Path<T>} label="Note" />
    </>
  );
}
