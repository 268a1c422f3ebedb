import type { TemplateVersion } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { useActivateVersion } from './templates.api.ts';

/** A template's versions, newest first: tag, who saved it and when, the active one marked; others can be made active. */
export function VersionList(props: {
  did: number;
  tmplid: number;
  versions: TemplateVersion[];
  shown: number | null;
  onShow: (id: number) => void;
}) {
  const activate = useActivateVersion(props.did, props.tmplid);
  const [asking, setAsking] = useState<TemplateVersion | null>(null);
  return (
    <>
      <List dense disablePadding aria-label="Versions">
        {props.versions.map((v) => (
          <ListItem key={v.id} disablePadding sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <ListItemButton
              selected={v.id === props.shown}
              onClick={() => props.onShow(v.id)}
              sx={{ flex: '1 1 180px', minWidth: 0, borderRadius: 1 }}
            >
              <ListItemText
                primary={
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {v.tag}
                  </Box>
                }
                secondary={`${v.created_by} · ${formatDateTime(v.created_at)}`}
              />
            </ListItemButton>
            <Box sx={{ flex: '0 0 auto', px: 1 }}>
              {v.active ? (
                <Chip size="small" color="success" label="Active" />
              ) : (
                <Button size="small" onClick={() => setAsking(v)} aria-label={`Make ${v.tag} active`}>
                  Make active
                </Button>
              )}
            </Box>
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={asking !== null}
        title="Make this version active"
        message={asking ? `Messages sent with this template will use ${asking.tag} from now on.` : ''}
        confirmLabel="Make active"
        onConfirm={() => (asking ? activate.mutateAsync(asking.id) : Promise.resolve())}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
