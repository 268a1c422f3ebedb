import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect, useId } from 'react';
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../lib/api.ts';

export interface FormDialogProps<In extends FieldValues, Out> {
  open: boolean;
  title: string;
  /** The contract's schema for the request body: the form validates with the same rules as the server. */
  schema: z.ZodType<Out, In>;
  /** The form's values each time it opens (empty for a create, the row for an edit). */
  defaultValues: DefaultValues<In>;
  submitLabel?: string;
  /** Sends the parsed values; resolve to close the dialog. A 400/402 rejection puts its field errors on the fields. */
  onSubmit: (values: Out) => Promise<unknown>;
  onClose: () => void;
  /** The fields, given the form (see FormFields.tsx for text, select and switch fields bound to it). */
  children: (form: UseFormReturn<In, unknown, Out>) => ReactNode;
  maxWidth?: DialogProps['maxWidth'];
}

/**
 * A create/edit dialog: react-hook-form with the contract's zod schema, server field errors (spec 5: 400 and 402
 * on create/update) mapped back onto the fields. Errors for fields the form does not show appear above the fields,
 * so none is lost; the 'Various errors' snackbar comes from the mutation cache as for every failed call.
 */
export function FormDialog<In extends FieldValues, Out>({
  open,
  title,
  schema,
  defaultValues,
  submitLabel = 'Save',
  onSubmit,
  onClose,
  children,
  maxWidth = 'sm',
}: FormDialogProps<In, Out>) {
  const titleId = useId();
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });

  // Each opening starts from the given values, not from what was typed the last time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens, not on every render's new defaults object
  useEffect(() => {
    if (open) form.reset(defaultValues);
  }, [open]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      showFieldErrors(error, form, Object.keys(defaultValues ?? {}));
    }
  });
  const pending = form.formState.isSubmitting;
  const rootError = form.formState.errors.root?.server?.message;

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      // The paper is the <form>, so Enter submits and the actions sit inside it; MUI's paper slot type does not
      // list `component` and the form props, hence the cast.
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {rootError ? <Alert severity="error">{rootError}</Alert> : null}
          {children(form)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Spec 5: 400 and 402 hand their field errors to the form; a field the form lacks goes to the form's root error. A 409
 * that names its field ("This recipient is on the list already") is shown on that field the same way.
 */
function showFieldErrors<In extends FieldValues, Out>(
  error: unknown,
  form: UseFormReturn<In, unknown, Out>,
  shownFields: string[],
): void {
  if (!(error instanceof ApiError) || ![400, 402, 409].includes(error.status)) return;
  const elsewhere: string[] = [];
  for (const { field, message } of error.fieldErrors) {
    const topLevel = field.split('.')[0] ?? field;
    if (shownFields.includes(topLevel)) form.setError(field as Path<In>, { type: 'server', message });
    else elsewhere.push(field ? `${field}: ${message}` : message);
  }
  if (elsewhere.length > 0) form.setError('root.server', { type: 'server', message: elsewhere.join('; ') });
}
