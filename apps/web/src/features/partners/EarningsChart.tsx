import type { PayoutMonth } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { money } from './money.ts';

const MONTHS_SHOWN = 12;
const MONTHS_AT_LEAST = 6;

/** A young account shows six months all the same (the earlier ones empty), so one month is no wall-wide bar. */
function padded(months: PayoutMonth[]): PayoutMonth[] {
  const first = months[0];
  if (!first || months.length >= MONTHS_AT_LEAST) return months;
  const [y, m] = first.month.split('-').map(Number) as [number, number];
  const before = Array.from({ length: MONTHS_AT_LEAST - months.length }, (_, i) => {
    const month = new Date(Date.UTC(y, m - 1 - (MONTHS_AT_LEAST - months.length - i), 1)).toISOString().slice(0, 7);
    return { month, earned: 0, paid: 0, balance: 0 };
  });
  return [...before, ...months];
}

/**
 * Earnings per month as plain CSS columns (no chart library: a year of bars is all it shows), the last twelve months
 * of the partner's account. A month whose refunds outweigh its earnings shows an empty column and its negative sum.
 */
export function EarningsChart({ months, currency }: { months: PayoutMonth[]; currency: string | null }) {
  const titleId = useId();
  const shown = padded(months.slice(-MONTHS_SHOWN));
  const max = Math.max(1, ...shown.map((m) => m.earned));
  return (
    <Paper variant="outlined" component="figure" aria-labelledby={titleId} sx={{ m: 0, p: { xs: 1.5, md: 2 } }}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Earnings per month
      </Typography>
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          No earnings yet: they appear when your referrals pay their invoices.
        </Typography>
      ) : (
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'flex',
            alignItems: 'flex-end',
            gap: { xs: 0.5, sm: 1 },
            height: 180,
          }}
        >
          {shown.map((m) => (
            <Box
              component="li"
              key={m.month}
              aria-label={`${m.month}: ${money(m.earned, currency)}`}
              title={`${m.month}: ${money(m.earned, currency)}`}
              sx={{
                flex: 1,
                minWidth: 0,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                height: '100%',
              }}
            >
              <Box sx={{ flex: 1, width: '100%', display: 'flex', alignItems: 'flex-end' }}>
                <Box
                  sx={{
                    width: '100%',
                    maxWidth: 40,
                    mx: 'auto',
                    height: `${(Math.max(0, m.earned) / max) * 100}%`,
                    minHeight: m.earned > 0 ? 2 : 0,
                    bgcolor: 'primary.main',
                    borderRadius: '3px 3px 0 0',
                  }}
                />
              </Box>
              <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'nowrap' }}>
                {m.month.slice(5)}
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  /{m.month.slice(2, 4)}
                </Box>
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
