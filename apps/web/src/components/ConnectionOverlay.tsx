import { MSG } from '@mailwright/contract';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppState } from '../lib/store.ts';

/** Spec 2: a full-screen overlay while the connection-lost flag is set. */
export function ConnectionOverlay() {
  const lost = useAppState((s) => s.connectionLost);
  return (
    <Backdrop
      open={lost}
      role="alertdialog"
      aria-live="assertive"
      aria-label={MSG.connectionLost}
      sx={(theme) => ({ zIndex: theme.zIndex.tooltip + 1, color: '#fff', bgcolor: 'rgba(0, 0, 0, 0.8)' })}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', px: 3 }}>
        <WifiOffIcon sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="p">
          {MSG.connectionLost}
        </Typography>
        <CircularProgress color="inherit" size={28} aria-label="Reconnecting" />
      </Stack>
    </Backdrop>
  );
}
