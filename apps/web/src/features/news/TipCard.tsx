import { accountEndpoints } from '@mailwright/contract';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../lib/api.ts';
import { shuffle } from './shuffle.ts';

/** One tip at a time, in random order (spec 4): shuffled here as well as by the server, whatever the server does. */
export function TipCard() {
  // Tips do not change while the console is open: no periodic re-fetch reshuffling them under the reader's eyes.
  const tips = useQuery({
    queryKey: ['tips'],
    queryFn: ({ signal }) => api(accountEndpoints.tips, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [index, setIndex] = useState(0);
  const list = useMemo(() => shuffle(tips.data ?? []), [tips.data]);
  if (list.length === 0) return null;
  const tip = list[index % list.length];
  return (
    <Card variant="outlined" component="aside" aria-label="Tip" sx={{ height: '100%' }}>
      <CardContent sx={{ pb: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <LightbulbIcon color="primary" fontSize="small" />
          <Typography variant="subtitle2" component="h2">
            Tip
          </Typography>
        </Stack>
        <Typography>{tip?.content}</Typography>
      </CardContent>
      {list.length > 1 ? (
        <CardActions sx={{ px: 2 }}>
          <Button size="small" onClick={() => setIndex((i) => i + 1)}>
            Next tip
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
