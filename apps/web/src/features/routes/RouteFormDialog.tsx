import {
  ROUTE_LIMITS,
  ROUTE_MODES,
  type Route,
  type RouteAction,
  type RouteInput,
  routeInput,
} from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Control, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSelect, FormSwitch, FormTextField } from '../../components/FormFields.tsx';
import { useCreateRoute, useUpdateRoute } from './routes.api.ts';

type FormIn = z.input<typeof routeInput>;
type FormControl = Control<FormIn, unknown, RouteInput>;

export const MODE_HELP: Record<(typeof ROUTE_MODES)[number], string> = {
  accept: 'Accept: run the actions below, in order',
  hold: 'Hold: keep the message (stored), do nothing with it',
  bounce: 'Bounce: accept, then send a delivery failure back to the sender',
  reject: 'Reject: refuse at RCPT with 550, nothing is kept',
};

const EXPRESSION_OPTIONS = [
  { value: 'match_recipient', label: 'Recipient matches a pattern' },
  { value: 'match_header', label: 'A header matches a pattern' },
  { value: 'catch_all', label: 'Catch-all: every recipient' },
];

const ACTION_LABELS: Record<RouteAction['type'], string> = {
  forward_email: 'Forward to an address',
  forward_url: 'Forward to a URL (signed POST)',
  store: 'Store (download later)',
  stop: 'Stop (no later route runs)',
};

const newAction = (type: RouteAction['type']): FormIn['actions'] extends (infer A)[] | undefined ? A : never => {
  if (type === 'forward_email') return { type, address: '' };
  if (type === 'forward_url') return { type, url: '' };
  if (type === 'store') return { type, days: ROUTE_LIMITS.storeDays.default, notify_url: null };
  return { type };
};

const EMPTY: FormIn = {
  priority: 0,
  description: '',
  expression: { type: 'match_recipient', pattern: '' },
  actions: [{ type: 'forward_email', address: '' }],
  mode: 'accept',
  enabled: true,
};

/** Add or edit a route: the expression builder, the mode and the actions (spec 5: 400/402 come back on the fields). */
export function RouteFormDialog({
  did,
  open,
  route,
  onClose,
}: {
  did: number;
  open: boolean;
  /** The route to edit; null adds one. */
  route: Route | null;
  onClose: () => void;
}) {
  const create = useCreateRoute(did);
  const update = useUpdateRoute(did);
  const defaults: FormIn = route
    ? {
        priority: route.priority,
        description: route.description,
        expression: route.expression,
        actions: route.actions,
        mode: route.mode,
        enabled: route.enabled,
      }
    : EMPTY;
  return (
    <FormDialog
      open={open}
      title={route ? 'Edit route' : 'New route'}
      submitLabel={route ? 'Save' : 'Create'}
      schema={routeInput}
      defaultValues={defaults}
      maxWidth="md"
      onSubmit={(body) => (route ? update.mutateAsync({ id: route.id, body }) : create.mutateAsync(body))}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={control}
              name="priority"
              label="Priority"
              type="number"
              helperText="Lower runs first"
              sx={{ maxWidth: { sm: 140 } }}
            />
            <FormTextField control={control} name="description" label="Description" autoComplete="off" />
          </Stack>
          <ExpressionFields control={control} />
          <FormSelect
            control={control}
            name="mode"
            label="Mode"
            options={ROUTE_MODES.map((m) => ({ value: m, label: MODE_HELP[m] }))}
          />
          <ActionFields control={control} />
          <FormSwitch control={control} name="enabled" label="On" />
        </>
      )}
    </FormDialog>
  );
}

function ExpressionFields({ control }: { control: FormControl }) {
  const type = useWatch({ control, name: 'expression.type' });
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormSelect control={control} name="expression.type" label="Match" options={EXPRESSION_OPTIONS} />
      {type === 'match_header' ? (
        <FormTextField control={control} name="expression.header" label="Header name" placeholder="Subject" />
      ) : null}
      {type !== 'catch_all' ? (
        <FormTextField
          control={control}
          name="expression.pattern"
          label="Pattern"
          placeholder={type === 'match_header' ? 'invoice|receipt' : 'support@example\\.com or .*@example\\.com'}
          helperText={
            type === 'match_header'
              ? 'A regular expression found anywhere in the value (case-insensitive)'
              : 'A regular expression for the whole address (case-insensitive); .* matches anything'
          }
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          autoComplete="off"
        />
      ) : null}
    </Stack>
  );
}

function ActionFields({ control }: { control: FormControl }) {
  const { fields, append, remove, update } = useFieldArray({ control, name: 'actions' });
  const actions = useWatch({ control, name: 'actions' }) ?? [];
  const mode = useWatch({ control, name: 'mode' });
  const { errors } = useFormState({ control, name: 'actions' });
  const rootError = (errors.actions as { message?: string; root?: { message?: string } } | undefined)?.message;
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-label="Actions">
      <Typography variant="subtitle2" component="legend">
        Actions {mode !== 'accept' ? '(only an accepting route runs them)' : ''}
      </Typography>
      {fields.map((field, index) => {
        const action = actions[index] ?? field;
        return (
          <Stack
            key={field.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              select
              label={`Action ${index + 1}`}
              value={action.type}
              onChange={(event) => update(index, newAction(event.target.value as RouteAction['type']))}
              sx={{ minWidth: { sm: 240 } }}
            >
              {Object.entries(ACTION_LABELS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            {action.type === 'forward_email' ? (
              <FormTextField
                control={control}
                name={`actions.${index}.address`}
                label="Address"
                type="email"
                autoComplete="off"
              />
            ) : null}
            {action.type === 'forward_url' ? (
              <FormTextField
                control={control}
                name={`actions.${index}.url`}
                label="URL"
                type="url"
                placeholder="https://"
                autoComplete="off"
              />
            ) : null}
            {action.type === 'store' ? (
              <>
                <FormTextField
                  control={control}
                  name={`actions.${index}.days`}
                  label="Days"
                  type="number"
                  sx={{ maxWidth: { sm: 100 } }}
                />
                <FormTextField
                  control={control}
                  name={`actions.${index}.notify_url`}
                  label="Notify URL (optional)"
                  type="url"
                  autoComplete="off"
                />
              </>
            ) : null}
            <IconButton
              aria-label={`Remove action ${index + 1}`}
              onClick={() => remove(index)}
              sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        );
      })}
      {rootError ? <FormHelperText error>{rootError}</FormHelperText> : null}
      <div>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append(newAction('forward_email'))}
          disabled={fields.length >= ROUTE_LIMITS.actions}
        >
          Add action
        </Button>
      </div>
    </Stack>
  );
}
