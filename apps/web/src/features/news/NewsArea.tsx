import Grid from '@mui/material/Grid';
import { useLocation } from 'react-router';
import { useAppState } from '../../lib/store.ts';
import { NewsNotices } from './NewsNotices.tsx';
import { NewsPublishCard } from './NewsPublishCard.tsx';
import { TipCard } from './TipCard.tsx';

/** Above every signed-in screen: the news notices not yet dismissed. */
export function NewsArea() {
  return <NewsNotices />;
}

/** Below the dashboard: a tip and, for a superadmin, the news desk to publish notices. */
export function DashboardTips() {
  const onDashboard = useLocation().pathname === '/dashboard';
  const operator = useAppState((s) => s.session?.role === 'superadmin');
  return (
    <>
      {onDashboard ? (
        <Grid container spacing={2} sx={{ mt: 3 }}>
          <Grid size={{ xs: 12, md: operator ? 6 : 12 }}>
            <TipCard />
          </Grid>
          {operator ? (
            <Grid size={{ xs: 12, md: 6 }}>
              <NewsPublishCard />
            </Grid>
          ) : null}
        </Grid>
      ) : null}
    </>
  );
}
