import type { BillingOverview } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ChangeTierDialog } from './ChangeTierDialog.tsx';
import { money, periodText } from './money.ts';

/** The tier in effect and this period's usage against its allowance. */
export function PlanCard({ overview }: { overview: BillingOverview }) {
  const { tier, usage } = overview;
  const [changing, setChanging] = useState(false);
  const allowance = usage.allowance;
  const share = allowance ? Math.min(100, (usage.used / allowance) * 100) : 0;
  const over = allowance !== null && usage.used > allowance;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {tier ? tier.name || 'Your tier' : 'No tier'}
            </Typography>
            {tier?.hard_cap ? <Chip size="small" label="Hard cap" /> : null}
            <Button size="small" variant="outlined" onClick={() => setChanging(true)} sx={{ ml: 'auto' }}>
              Change tier
            </Button>
          </Stack>
          <ChangeTierDialog open={changing} currentId={tier?.id ?? null} onClose={() => setChanging(false)} />
          {tier ? (
            <Typography color="text.secondary">
              {tier.msg_included.toLocaleString('en')} messages a month for {money(tier.price, tier.currency)}
              {tier.hard_cap
                ? '; mail beyond the allowance is refused'
                : `; ${money(tier.overage_per_1000, tier.currency)} per 1,000 messages beyond it`}
            </Typography>
          ) : (
            <Typography color="text.secondary">
              Your account is not on a billing tier; nothing is billed or capped.
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            This period:{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {periodText(overview.period_start, overview.period_end)}
            </Box>
          </Typography>
          <Stack spacing={0.5}>
            <Typography id="usage-label">
              {usage.used.toLocaleString('en')}
              {allowance !== null ? ` of ${allowance.toLocaleString('en')}` : ''} messages accepted
            </Typography>
            {allowance !== null ? (
              <LinearProgress
                variant="determinate"
                value={share}
                color={over ? 'error' : share >= 80 ? 'warning' : 'primary'}
                aria-labelledby="usage-label"
                sx={{ height: 10, borderRadius: 5 }}
              />
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
