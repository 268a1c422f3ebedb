import { accountEndpoints, type Notification } from '@mailwright/contract';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../components/format.ts';
import { api } from '../../lib/api.ts';
import { newestFirst } from './newest-first.ts';

const NOTIFICATIONS_KEY = ['notifications'] as const;
const SHOWN = 20;

/**
 * Spec 4: the bell shows the unread count; the list is newest first; reading one marks it read (PUT notifications)
 * and the count goes down by one. The periodic refresh brings new ones.
 */
export function NotificationBell() {
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const notifications = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => api(accountEndpoints.notifications, { query: { limit: SHOWN }, signal }),
  });
  const markRead = useMutation({
    mutationFn: (ids: number[] | undefined) => api(accountEndpoints.markNotificationsRead, { body: { ids } }),
    onSuccess: (list) => client.setQueryData(NOTIFICATIONS_KEY, list),
  });
  const unread = notifications.data?.new_count ?? 0;
  const items = newestFirst(notifications.data?.items ?? []);
  const read = (item: Notification) => {
    if (!item.read) markRead.mutate([item.id]);
  };

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          color="inherit"
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 32px)', sm: 380 }, maxHeight: 480 } } }}
      >
        <Box
          role="dialog"
          aria-label="Notifications"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}
        >
          <Typography variant="subtitle1" component="h2">
            Notifications
          </Typography>
          <Button size="small" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            Mark all read
          </Button>
        </Box>
        <Divider />
        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {notifications.isPending ? 'Loading…' : 'No notifications yet.'}
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Notification list">
            {items.map((item) => (
              <ListItemButton
                key={item.id}
                onClick={() => read(item)}
                aria-label={`${item.read ? '' : 'Unread: '}${item.message}`}
                sx={{ alignItems: 'flex-start', gap: 1 }}
              >
                <Box
                  aria-hidden
                  sx={{
                    mt: 0.9,
                    width: 8,
                    height: 8,
                    flexShrink: 0,
                    borderRadius: '50%',
                    bgcolor: item.read ? 'transparent' : 'primary.main',
                  }}
                />
                <ListItemText
                  primary={item.message}
                  secondary={formatDateTime(item.timestamp)}
                  slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 600 } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
