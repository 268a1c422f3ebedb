import type { Domain, DomainUpdate } from '@mailwright/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useUpdateDomain } from './domains.api.ts';

type TrackingField = keyof Pick<DomainUpdate, 'open_tracking' | 'click_tracking' | 'unsubscribe_tracking'>;

const SETTINGS: { field: TrackingField; label: string; help: string }[] = [
  { field: 'open_tracking', label: 'Open tracking', help: 'Adds an invisible image to HTML mail to count opens.' },
  { field: 'click_tracking', label: 'Click tracking', help: 'Sends links through the tracking host to count clicks.' },
  {
    field: 'unsubscribe_tracking',
    label: 'Unsubscribe links',
    help: 'Adds List-Unsubscribe with one-click unsubscribe (RFC 8058).',
  },
];

/** The domain's tracking switches; each change is saved at once (role user sees them, but cannot change them). */
export function TrackingSettings({ domain, editable }: { domain: Domain; editable: boolean }) {
  const update = useUpdateDomain();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        Tracking
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        <FormGroup sx={{ gap: 1 }}>
          {SETTINGS.map(({ field, label, help }) => (
            <div key={field}>
              <FormControlLabel
                control={
                  <Switch
                    checked={domain[field]}
                    disabled={!editable || update.isPending}
                    onChange={(event) => update.mutate({ did: domain.did, body: { [field]: event.target.checked } })}
                  />
                }
                label={label}
              />
              <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{help}</FormHelperText>
            </div>
          ))}
        </FormGroup>
      </Paper>
    </>
  );
}
