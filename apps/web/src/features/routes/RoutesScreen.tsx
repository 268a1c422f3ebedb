import { formatRouteExpression, type Route } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useAppState } from '../../lib/store.ts';
import { InboundMessages } from './InboundMessages.tsx';
import { InboundPolicyPanel, ReceivingBanner } from './InboundPolicyPanel.tsx';
import { RouteFormDialog } from './RouteFormDialog.tsx';
import { RouteList } from './RouteList.tsx';
import { RouteTestBox } from './RouteTestBox.tsx';
import { useDeleteRoute, useMoveRoute, useRoutes, useSwitchRoute } from './routes.api.ts';

/** /routes (spec 2, S2-017): the working domain's inbound routes with their policies, a test box, what came in. */
export default function RoutesScreen() {
  const domain = useAppState((s) => s.workingDomain);
  const domainsState = useAppState((s) => s.domainsState);
  return (
    <Box component="section" aria-labelledby="routes-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 2, flexWrap: 'wrap' }}>
        <Typography id="routes-title" variant="h5" component="h1">
          Routes
        </Typography>
        <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {domain?.name ?? ''}
        </Typography>
      </Stack>
      {domain ? (
        <DomainRoutes key={domain.did} did={domain.did} domainName={domain.name} />
      ) : domainsState === 'none' ? (
        <Paper variant="outlined" sx={{ p: 3, color: 'text.secondary' }}>
          <Typography>No domains yet: routes belong to a domain.</Typography>
        </Paper>
      ) : (
        <LinearProgress aria-label="Loading routes" />
      )}
    </Box>
  );
}

function DomainRoutes({ did, domainName }: { did: number; domainName: string }) {
  const list = useRoutes(did);
  const switcher = useSwitchRoute(did);
  const remove = useDeleteRoute(did);
  const move = useMoveRoute(did);
  const [editing, setEditing] = useState<Route | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Route | null>(null);
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
          Mail to {domainName} at our inbound MX runs through these routes, lowest priority first. The first route that
          matches decides the mode; accepting routes run their actions until one says stop().
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ flexShrink: 0 }}>
          Add route
        </Button>
      </Stack>
      <ReceivingBanner did={did} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{list.isFetching ? <LinearProgress aria-label="Loading routes" /> : null}</Box>
        {list.isError ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            The routes could not be loaded.
          </Typography>
        ) : list.data ? (
          <RouteList
            routes={list.data.items}
            switching={switcher.isPending ? switcher.variables : undefined}
            onSwitch={(route, enabled) => switcher.mutate({ id: route.id, enabled })}
            onEdit={setEditing}
            onDelete={setDeleting}
            onMove={move.isPending ? undefined : (route, direction) => move.mutate({ id: route.id, direction })}
          />
        ) : null}
      </Paper>
      <RouteTestBox did={did} />
      <InboundPolicyPanel did={did} />
      <InboundMessages did={did} />
      <RouteFormDialog
        did={did}
        open={adding || editing !== null}
        route={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete route"
        message={`Delete ${deleting ? formatRouteExpression(deleting.expression) : ''}? Mail it took is then handled by the other routes.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
