import { usersEndpoints } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { api } from '../../lib/api.ts';
import { notify, useAppState } from '../../lib/store.ts';

/**
 * The sign-in providers linked to the signed-in user (GET users/{uid}: providers), each with Unlink
 * (DELETE users/{uid}/oauth/{provider}). While acting as another customer the own user is not in that customer's
 * list, so the card says where to find it instead.
 */
export function ProvidersCard() {
  const session = useAppState((s) => s.session);
  const uid = session?.uid ?? 0;
  const atHome = session !== null && session.cid === session.origin.cid;
  const client = useQueryClient();
  const key = ['users', 'self', uid] as const;
  const me = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(usersEndpoints.get, { params: { id: uid }, signal }),
    enabled: atHome && uid > 0,
  });
  const [unlinking, setUnlinking] = useState<string | null>(null);
  const unlink = useMutation({
    mutationFn: (provider: string) => api(usersEndpoints.unlinkProvider, { params: { id: uid, provider } }),
    onSuccess: (result) => {
      notify(result.message);
      return client.invalidateQueries({ queryKey: key });
    },
  });
  const providers = me.data?.providers ?? [];

  return (
    <Card variant="outlined" component="section" aria-labelledby="providers-title">
      <CardContent>
        <Typography id="providers-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          Linked sign-in providers
        </Typography>
        {!atHome ? (
          <Typography color="text.secondary">Return to your own account to see your linked providers.</Typography>
        ) : me.isPending ? (
          <Typography color="text.secondary">Loading…</Typography>
        ) : providers.length === 0 ? (
          <Typography color="text.secondary">No sign-in provider is linked: you sign in with your password.</Typography>
        ) : (
          <List dense disablePadding>
            {providers.map((provider) => (
              <ListItem
                key={provider}
                disableGutters
                secondaryAction={
                  <Button color="error" size="small" onClick={() => setUnlinking(provider)}>
                    Unlink
                  </Button>
                }
              >
                <ListItemText primary={provider} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <ConfirmDialog
        open={unlinking !== null}
        title="Unlink sign-in provider"
        message={`Unlink ${unlinking ?? ''}? You can no longer sign in with it.`}
        confirmLabel="Unlink"
        destructive
        onConfirm={() => (unlinking ? unlink.mutateAsync(unlinking) : Promise.resolve())}
        onClose={() => setUnlinking(null)}
      />
    </Card>
  );
}
