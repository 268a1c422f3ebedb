import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { DEFAULT_ROUTE } from './routes.tsx';

/** The catch-all page (spec 2): open without a token. */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = 'Page not found · Mailwright';
  }, []);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
      <SearchOffIcon sx={{ fontSize: 64, color: 'text.secondary' }} />
      <Typography variant="h4" component="h1">
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        There is no page at {pathname}.
      </Typography>
      <Button variant="contained" component={Link} to={DEFAULT_ROUTE}>
        Go to the dashboard
      </Button>
    </Stack>
  );
}
