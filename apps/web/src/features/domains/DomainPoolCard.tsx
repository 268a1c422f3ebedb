import { ipPoolsEndpoints } from '@mailwright/contract';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const SOURCE_TEXT = {
  domain: 'this domain’s own pool',
  customer: 'your account’s pool',
  default: 'the platform’s default pool',
} as const;

/**
 * Issue 16, read-only for customers: which IP pool the domain sends from (its own, the account's, the default) and,
 * for a pool dedicated to the customer, its addresses with their PTR names. Operators assign pools in IP management.
 */
export function DomainPoolCard({ did }: { did: number }) {
  const query = useQuery({
    queryKey: ['domain-pool', did],
    queryFn: ({ signal }) => api(ipPoolsEndpoints.domainPool, { params: { id: did }, signal }),
  });
  const data = query.data;
  if (!data) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="domain-pool-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="domain-pool-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Sending IPs
      </Typography>
      {data.pool && data.source !== 'none' ? (
        <Typography variant="body2" color="text.secondary">
          Mail from this domain is sent from {SOURCE_TEXT[data.source]}, <strong>{data.pool.title}</strong>
          {data.pool.cid ? ', dedicated to you' : ''}.
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Mail from this domain is sent from the platform’s shared addresses.
        </Typography>
      )}
      {data.ips.length ? (
        <Typography component="ul" variant="body2" sx={{ mt: 1, mb: 0, pl: 3, fontFamily: 'monospace' }}>
          {data.ips.map((ip) => (
            <li key={ip.ip}>
              {ip.ip}
              {ip.ptr_host ? ` (${ip.ptr_host})` : ''}
            </li>
          ))}
        </Typography>
      ) : null}
    </Paper>
  );
}
