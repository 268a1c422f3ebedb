import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { formatDateTime } from '../../components/format.ts';
import { useRotateSigningKey, useSigningKey } from './api-keys.api.ts';

/**
 * The webhook signing key (GET/PUT tokens/signing): receivers check webhook signatures with it, so it stays readable;
 * it is hidden until asked for, and can be rotated.
 */
export function SigningKeyCard() {
  const key = useSigningKey();
  const rotate = useRotateSigningKey();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-labelledby="signing-key-title">
      <CardContent>
        <Typography id="signing-key-title" variant="subtitle1" component="h2" sx={{ mb: 0.5 }}>
          Webhook signing key
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Webhooks carry an HMAC signature made with this key; check it on your side to know a call came from us.
        </Typography>
        {key.data ? (
          <>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                pl: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'action.hover',
              }}
            >
              <Typography
                component="code"
                aria-label="Signing key"
                sx={{ flexGrow: 1, fontFamily: 'monospace', fontSize: '0.9rem', wordBreak: 'break-all', py: 1 }}
              >
                {shown ? key.data.token : '•'.repeat(Math.min(key.data.token.length, 32))}
              </Typography>
              <Tooltip title={shown ? 'Hide' : 'Show'}>
                <IconButton
                  size="small"
                  aria-label={shown ? 'Hide the signing key' : 'Show the signing key'}
                  onClick={() => setShown((s) => !s)}
                >
                  {shown ? <VisibilityOffIcon fontSize="inherit" /> : <VisibilityIcon fontSize="inherit" />}
                </IconButton>
              </Tooltip>
              <CopyButton value={key.data.token} label="Copy the signing key" />
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              Created {formatDateTime(key.data.created_at)}
            </Typography>
          </>
        ) : key.isError ? (
          <Typography color="error">The signing key could not be loaded.</Typography>
        ) : (
          <Skeleton variant="rounded" height={40} aria-label="Loading the signing key" />
        )}
      </CardContent>
      <CardActions>
        <Button color="warning" onClick={() => setConfirming(true)} disabled={!key.data || rotate.isPending}>
          Rotate
        </Button>
      </CardActions>
      <ConfirmDialog
        open={confirming}
        title="Rotate the signing key"
        message="Webhooks are signed with a new key from now on; receivers checking the old key will reject them until updated."
        confirmLabel="Rotate"
        destructive
        onConfirm={() => rotate.mutateAsync().then(() => setShown(true))}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
