import { formatRouteAction, formatRouteExpression, type Route, type RouteMode } from '@mailwright/contract';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

const MODE_COLOUR: Record<RouteMode, 'success' | 'info' | 'warning' | 'error'> = {
  accept: 'success',
  hold: 'info',
  bounce: 'warning',
  reject: 'error',
};

export function ModeChip({ mode }: { mode: RouteMode }) {
  return <Chip size="small" variant="outlined" color={MODE_COLOUR[mode]} label={mode} />;
}

/** The domain's routes in the order the MX tries them: priority, expression, actions, mode and the on/off switch. */
export function RouteList({
  routes,
  switching,
  onSwitch,
  onEdit,
  onDelete,
  onMove,
}: {
  routes: Route[];
  /** The route whose switch is on its way, and the state asked for (shown at once). */
  switching: { id: number; enabled: boolean } | undefined;
  onSwitch: (route: Route, enabled: boolean) => void;
  onEdit: (route: Route) => void;
  onDelete: (route: Route) => void;
  /** Moves a route one place; undefined while a move is on its way. */
  onMove: ((route: Route, direction: 'up' | 'down') => void) | undefined;
}) {
  if (!routes.length) {
    return (
      <Typography color="text.secondary" sx={{ p: 3 }}>
        No routes yet: mail for this domain is refused (550) until a route takes it.
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label="Routes in priority order" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {routes.map((route, index) => {
        const expression = formatRouteExpression(route.expression);
        const enabled = switching?.id === route.id ? switching.enabled : route.enabled;
        return (
          <Box
            component="li"
            key={route.id}
            aria-label={`Route ${expression}`}
            sx={{
              display: 'flex',
              // On a phone the switch and buttons take a row of their own, so the expression keeps the width.
              flexWrap: { xs: 'wrap', sm: 'nowrap' },
              columnGap: 1.5,
              alignItems: 'flex-start',
              px: 2,
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
              // A route that is off looks faded; its switch and buttons stay as they are (they still work).
              '& > .route-text': { opacity: enabled ? 1 : 0.6 },
            }}
          >
            <Tooltip title="Priority: lower runs first">
              <Typography
                className="route-text"
                sx={{ minWidth: 32, fontVariantNumeric: 'tabular-nums', color: 'text.secondary', pt: 0.5 }}
              >
                {route.priority}
              </Typography>
            </Tooltip>
            <Box className="route-text" sx={{ flex: { xs: '1 1 calc(100% - 50px)', sm: '1 1 0' }, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' }}>
                  {expression}
                </Typography>
                <ModeChip mode={route.mode} />
              </Stack>
              {route.description ? (
                <Typography variant="body2" color="text.secondary">
                  {route.description}
                </Typography>
              ) : null}
              {route.mode === 'accept' ? (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }} aria-label="Actions">
                  {route.actions.map((action, i) => (
                    <Chip
                      // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id; their order is what they are
                      key={i}
                      size="small"
                      label={formatRouteAction(action)}
                      sx={{
                        fontFamily: 'monospace',
                        maxWidth: '100%',
                        height: 'auto',
                        minHeight: 24,
                        '& .MuiChip-label': { whiteSpace: 'normal', wordBreak: 'break-all' },
                      }}
                    />
                  ))}
                </Stack>
              ) : null}
            </Box>
            <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0, ml: 'auto', justifyContent: 'flex-end' }}>
              <Tooltip title={enabled ? 'On' : 'Off'}>
                <Switch
                  checked={enabled}
                  onChange={(event) => onSwitch(route, event.target.checked)}
                  slotProps={{ input: { 'aria-label': `On: ${expression}` } }}
                />
              </Tooltip>
              <IconButton
                aria-label={`Move up ${expression}`}
                disabled={!onMove || index === 0}
                onClick={() => onMove?.(route, 'up')}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                aria-label={`Move down ${expression}`}
                disabled={!onMove || index === routes.length - 1}
                onClick={() => onMove?.(route, 'down')}
              >
                <ArrowDownwardIcon />
              </IconButton>
              <IconButton aria-label={`Edit ${expression}`} onClick={() => onEdit(route)}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={`Delete ${expression}`} onClick={() => onDelete(route)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
