import { zodResolver } from '@hookform/resolvers/zod';
import { accountEndpoints, type CompanyInput, companyInput, isAdminAllowed, MSG } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../components/FormFields.tsx';
import { api } from '../../lib/api.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { checkSession } from '../../lib/session.ts';
import { notify, useAppState } from '../../lib/store.ts';

const COMPANY_KEY = ['account', 'company'] as const;
type CompanyForm = z.input<typeof companyInput>;

const FIELDS: { name: keyof CompanyForm; label: string; wide?: boolean; autoComplete?: string }[] = [
  { name: 'name', label: 'Company name', wide: true, autoComplete: 'organization' },
  { name: 'address', label: 'Address', wide: true, autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'vat_id', label: 'VAT ID' },
  { name: 'website', label: 'Website', autoComplete: 'url' },
];

/**
 * The acting customer's company details (GET/PUT account/company). A customer-admin feature: editable only by an
 * admin at home (spec 5's admin-allowed rule); a superadmin or an admin acting in another customer reads them.
 */
export function CompanyCard() {
  const editable = useAppState((s) => (s.session ? isAdminAllowed(s.session) : false));
  const client = useQueryClient();
  const company = useQuery({
    queryKey: COMPANY_KEY,
    queryFn: ({ signal }) => api(accountEndpoints.company, { signal }),
  });
  const form = useForm<CompanyForm, unknown, CompanyInput>({
    resolver: zodResolver(companyInput),
    defaultValues: { name: '', address: '', city: '', country: '', vat_id: '', website: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (company.data) reset(company.data);
  }, [company.data, reset]);
  const save = useMutation({
    mutationFn: (body: CompanyInput) => api(accountEndpoints.updateCompany, { body }),
    onError: (error) => applyFieldErrors(error, form.setError),
    onSuccess: async (saved) => {
      client.setQueryData(COMPANY_KEY, saved);
      notify(MSG.savedSuccessfully);
      // The company name is also the session's (top bar, account menu).
      await checkSession();
    },
  });

  return (
    <Card
      variant="outlined"
      component="form"
      noValidate
      aria-label="Company details"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <CardContent>
        {editable ? null : (
          <Alert severity="info" sx={{ mb: 2 }}>
            Company details are managed by the account's own admin: you see them here read-only.
          </Alert>
        )}
        {company.isPending ? (
          <Skeleton variant="rounded" height={160} aria-label="Loading the company details" />
        ) : (
          <Grid container spacing={2}>
            {FIELDS.map((field) => (
              <Grid key={field.name} size={{ xs: 12, md: field.wide ? 12 : 6 }}>
                <FormTextField
                  control={form.control}
                  name={field.name}
                  label={field.label}
                  autoComplete={field.autoComplete}
                  disabled={!editable}
                />
              </Grid>
            ))}
          </Grid>
        )}
      </CardContent>
      {editable ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button type="submit" variant="contained" disabled={save.isPending || !form.formState.isDirty}>
            Save
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
