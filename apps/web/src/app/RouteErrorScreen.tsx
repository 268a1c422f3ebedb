import { MSG } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';

/** A screen that crashed: say so plainly and offer a reload, instead of a blank page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', p: 4 }}>
      <Typography variant="h5" component="h1">
        {MSG.whoopsGeneric}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Stack>
  );
}
