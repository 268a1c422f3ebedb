import { type WarmupProgress as Progress, WARMUP_PROVIDERS } from '@mailwright/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** Day N of M with a bar, and what went out today against today's cap per provider. */
export function WarmupProgress({ warmup }: { warmup: Progress | null }) {
  if (!warmup) return <>Warmed</>;
  if (warmup.complete) return <>Warm-up done ({warmup.days} days)</>;
  const label = `Day ${warmup.day} of ${warmup.days}`;
  return (
    <Box sx={{ minWidth: 150 }}>
      <Typography variant="body2">{label}</Typography>
      <LinearProgress
        variant="determinate"
        value={(100 * warmup.day) / warmup.days}
        aria-label={`Warm-up: ${label}`}
        sx={{ my: 0.5 }}
      />
      <Typography variant="caption" color="text.secondary" component="div">
        {WARMUP_PROVIDERS.map((p) => `${p} ${warmup.sent_today[p]}/${warmup.caps_today[p]}`).join(' · ')}
      </Typography>
    </Box>
  );
}
