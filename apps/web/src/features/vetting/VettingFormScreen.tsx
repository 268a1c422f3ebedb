import { zodResolver } from '@hookform/resolvers/zod';
import {
  extrasEndpoints,
  VETTING_MSG,
  type VettingFormSave,
  type VettingFormStatus,
  vettingEndpoints,
  vettingFormSave,
} from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { withQueryScope } from '../../components/QueryScope.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../lib/store.ts';
import { VettingFormFields } from './VettingFormFields.tsx';
import { statusAfterSave, statusFromLoad } from './vetting-status.ts';

const EMPTY: VettingFormSave = {
  responses: {
    company: '',
    website: '',
    country: '',
    monthly_volume: null,
    mail_kinds: [],
    address_collection: '',
    unsubscribe_handling: '',
    location: '',
    notes: '',
  },
  finished: false,
};

/** /vetting/:token (guest): the vetting form. Drafts are saved as often as wanted; sending it ends it (spec 4). */
function VettingFormScreen() {
  const { token = '' } = useParams();
  const load = useQuery({
    queryKey: ['vetting-form', token],
    queryFn: () => api(vettingEndpoints.formGet, { params: { token }, quiet: true, reportUnauthorized: true }),
    meta: { silent: true },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const countries = useQuery({
    queryKey: ['extras', 'countries'],
    queryFn: () => api(extrasEndpoints.countries, { query: { limit: 1000 } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const locations = useQuery({ queryKey: ['extras', 'locations'], queryFn: () => api(extrasEndpoints.locations) });
  const [status, setStatus] = useState<VettingFormStatus | null>(null);
  const form = useForm<VettingFormSave>({ resolver: zodResolver(vettingFormSave), defaultValues: EMPTY });

  useEffect(() => {
    if (load.isPending) return;
    setStatus(statusFromLoad(load.error));
    if (load.data) form.reset({ responses: load.data.responses, finished: false });
  }, [load.isPending, load.error, load.data, form]);

  const save = useMutation({
    mutationFn: (body: VettingFormSave) =>
      api(vettingEndpoints.formSave, { params: { token }, body, reportUnauthorized: true }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) setStatus('submitted');
      applyFieldErrors(error, form.setError);
    },
    onSuccess: (result) => {
      if (!result.finished) notify(result.message);
      setStatus((current) => statusAfterSave(current ?? 'inprogress', result.finished));
    },
  });
  const submit = (finished: boolean) => {
    form.setValue('finished', finished);
    void form.handleSubmit((values) => save.mutate({ ...values, finished }))();
  };

  const heading = (
    <Typography variant="h5" component="h1">
      Vetting form
    </Typography>
  );
  if (load.isPending || status === null) {
    if (load.isError && status === null && !load.isPending) {
      return (
        <Stack spacing={2.5}>
          {heading}
          <Alert severity="error">{load.error.message}</Alert>
        </Stack>
      );
    }
    return <CircularProgress aria-label="Loading the form" sx={{ display: 'block', mx: 'auto' }} />;
  }
  if (status !== 'inprogress') {
    const text = {
      justsubmitted: VETTING_MSG.submitted,
      submitted: 'This vetting form was already sent. We will get back to you once we have evaluated it.',
      invalid: 'This vetting form does not exist. Check the link in your e-mail.',
    }[status];
    return (
      <Stack spacing={2.5} data-status={status}>
        {heading}
        <Alert severity={status === 'invalid' ? 'error' : 'success'}>{text}</Alert>
      </Stack>
    );
  }
  const toOptions = <T,>(items: T[] | undefined, value: (t: T) => string, label: (t: T) => string) =>
    (items ?? []).map((t) => ({ value: value(t), label: label(t) }));
  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      aria-label="Vetting form"
      data-status={status}
      onSubmit={(e) => {
        e.preventDefault();
        submit(true);
      }}
    >
      {heading}
      <Typography color="text.secondary">
        {load.data?.customer ? `For ${load.data.customer}. ` : ''}Tell us about the mail you will send. You can save a
        draft and come back with the same link; once sent, the form cannot be changed.
      </Typography>
      <VettingFormFields
        control={form.control}
        countries={toOptions(
          countries.data?.items,
          (c) => c.iso3,
          (c) => c.name,
        )}
        locations={toOptions(
          locations.data?.items,
          (l) => l.code,
          (l) => l.name,
        )}
      />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" disabled={save.isPending} onClick={() => submit(false)}>
          Save draft
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Send the form
        </Button>
      </Stack>
    </Stack>
  );
}

export default withQueryScope(VettingFormScreen);
