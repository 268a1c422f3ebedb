import { type DashboardDomain, EVENT_COLOURS, eventLabel } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { setWorkingDomain } from '../../lib/store.ts';

/** The counts a card shows: what came in and how it went; the rest is in the statistics. */
const SHOWN = ['accepted', 'delivered', 'hardbounce', 'softbounce', 'rejected', 'opened'] as const;

/** Up to nine domains, busiest first, each with its last 30 days; a card opens the domain. */
export function DomainCards({ domains }: { domains: DashboardDomain[] }) {
  const navigate = useNavigate();
  const open = (domain: DashboardDomain) => {
    setWorkingDomain({ did: domain.did, name: domain.name }, 'ready');
    navigate('/domain');
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
      {domains.map((domain) => (
        <Card key={domain.did} variant="outlined">
          <CardActionArea onClick={() => open(domain)} aria-label={`Open ${domain.name}`} sx={{ height: '100%' }}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600, wordBreak: 'break-all', mr: 'auto' }}>
                  {domain.name}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={domain.state === 'verified' ? 'success' : 'warning'}
                  label={domain.state === 'verified' ? 'Verified' : 'Unverified'}
                />
              </Stack>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1, m: 0 }}
              >
                {SHOWN.map((action) => (
                  <Box key={action} sx={{ borderLeft: 3, borderColor: EVENT_COLOURS[action], pl: 1 }}>
                    <Typography component="dt" variant="caption" color="text.secondary" noWrap>
                      {eventLabel(action)}
                    </Typography>
                    <Typography component="dd" variant="h6" sx={{ m: 0, lineHeight: 1.3 }}>
                      {(domain.counts[action] ?? 0).toLocaleString()}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
