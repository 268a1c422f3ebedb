import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IpsCard } from './IpsCard.tsx';
import { usePools } from './ips.api.ts';
import { PoolsCard } from './PoolsCard.tsx';

/** /ip-management/ips (superadmin): the sending IPs with their warm-up and FCrDNS check, and the IP pools. */
export default function IpsScreen() {
  const pools = usePools();
  return (
    <Box component="section" aria-labelledby="ips-title">
      <Typography id="ips-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        IP addresses and pools
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Mail goes out from the addresses of the sending domain's pool, spread over them; an address in warm-up sends no
        more per provider and day than its schedule allows, and the rest goes through the pool's warmed addresses.
      </Typography>
      <IpsCard pools={pools.data?.items ?? []} />
      <PoolsCard query={pools} />
    </Box>
  );
}
