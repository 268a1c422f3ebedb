import type { MAIL_KINDS, VettingResponses as Responses } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const MAIL_KIND_LABELS: Record<(typeof MAIL_KINDS)[number], string> = {
  transactional: 'Transactional (receipts, password resets)',
  notifications: 'Notifications and alerts',
  newsletters: 'Newsletters',
  marketing: 'Marketing and promotions',
  other: 'Other',
};

const ROWS: [keyof Responses, string][] = [
  ['company', 'Company'],
  ['website', 'Website'],
  ['country', 'Country'],
  ['monthly_volume', 'Expected monthly volume'],
  ['mail_kinds', 'Kinds of mail'],
  ['address_collection', 'How addresses are collected'],
  ['unsubscribe_handling', 'Unsubscribe handling'],
  ['location', 'Data location'],
  ['notes', 'Anything else'],
];

function show(key: keyof Responses, responses: Responses, countries?: ReadonlyMap<string, string>): string {
  const value = responses[key];
  if (key === 'country' && responses.country) return countries?.get(responses.country) ?? responses.country;
  if (key === 'mail_kinds') return responses.mail_kinds.map((k) => MAIL_KIND_LABELS[k]).join(', ') || '—';
  if (key === 'monthly_volume') return value === null ? '—' : Number(value).toLocaleString('en');
  return String(value ?? '') || '—';
}

/** A customer's answers, read-only, for the operator's review. */
export function VettingResponses({
  responses,
  countries,
}: {
  responses: Responses;
  countries?: ReadonlyMap<string, string> | undefined;
}) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: 1, m: 0 }}
    >
      {ROWS.map(([key, label]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {show(key, responses, countries)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
