import { EVENT_COLOURS, eventLabel, type Webhook, type WebhookEvent, type WebhookFormat } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/format.ts';
import type { TestResult } from './webhooks.api.ts';

interface WebhookRowProps {
  type: WebhookEvent;
  webhook: Webhook | undefined;
  formats: readonly WebhookFormat[];
  /** The result of a test sent from this screen (it wins over the one the server kept). */
  testResult: TestResult | undefined;
  testing: boolean;
  /** The state asked for while the switch's PUT is on its way (shown at once), else undefined. */
  switchingTo: boolean | undefined;
  onAdd: (type: WebhookEvent) => void;
  onEdit: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
  onTest: (webhook: Webhook) => void;
  onSwitch: (webhook: Webhook, enabled: boolean) => void;
}

/** One event type of the domain (spec 3: webhooks are grouped by event): its URL, switch, test and result. */
export function WebhookRow(props: WebhookRowProps) {
  const { type, webhook } = props;
  const label = eventLabel(type);
  return (
    <Box
      component="li"
      aria-label={`${label} webhook`}
      sx={{
        display: 'grid',
        columnGap: 2,
        rowGap: 1,
        // Phones: a set webhook's controls get a row of their own below its URL, so nothing overlaps the event name.
        gridTemplateColumns: { xs: '1fr auto', md: '160px minmax(0, 1fr) auto' },
        gridTemplateAreas: {
          xs: webhook ? '"label label" "details details" "actions actions"' : '"label actions" "details details"',
          md: '"label details actions"',
        },
        alignItems: 'center',
        px: { xs: 1.5, md: 2 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ gridArea: 'label', alignItems: 'center', minWidth: 0 }}>
        <Box
          aria-hidden
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: EVENT_COLOURS[type], flexShrink: 0 }}
        />
        <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
      </Stack>
      <Box sx={{ gridArea: 'details', minWidth: 0 }}>
        {webhook ? (
          <WebhookDetails {...props} webhook={webhook} />
        ) : (
          <Typography color="text.secondary">No webhook</Typography>
        )}
      </Box>
      <Box sx={{ gridArea: 'actions', justifySelf: 'end' }}>
        {webhook ? (
          <WebhookControls {...props} webhook={webhook} label={label} />
        ) : (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => props.onAdd(type)}
            aria-label={`Add ${label} webhook`}
          >
            Add
          </Button>
        )}
      </Box>
    </Box>
  );
}

function WebhookDetails({ webhook, formats, testResult }: WebhookRowProps & { webhook: Webhook }) {
  const format = formats.find((f) => f.format === webhook.format);
  return (
    <Stack spacing={0.75}>
      <Typography
        variant="body2"
        sx={{
          fontFamily: 'monospace',
          wordBreak: 'break-all',
          color: webhook.enabled ? 'text.primary' : 'text.secondary',
        }}
      >
        {webhook.url}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {format ? `${format.name} · ${format.auth}` : webhook.format}
        {webhook.enabled ? '' : ' · switched off'}
      </Typography>
      <TestOutcome webhook={webhook} result={testResult} />
    </Stack>
  );
}

/** Spec 8: a failed test's message is the test's error result; a good one says what the receiver answered. */
function TestOutcome({ webhook, result }: { webhook: Webhook; result: TestResult | undefined }) {
  if (result) {
    return (
      <Alert severity={result.ok ? 'success' : 'error'} variant="outlined" sx={{ py: 0 }} role="status">
        Test: {result.message}
      </Alert>
    );
  }
  if (webhook.last_test_error) {
    return (
      <Alert severity="error" variant="outlined" sx={{ py: 0 }}>
        Last test ({formatDateTime(webhook.last_tested_at)}): {webhook.last_test_error}
      </Alert>
    );
  }
  if (webhook.last_tested_at) {
    return (
      <Typography variant="caption" color="success.main">
        Last test passed: {formatDateTime(webhook.last_tested_at)}
      </Typography>
    );
  }
  return null;
}

function WebhookControls({
  webhook,
  label,
  testing,
  switchingTo,
  onEdit,
  onDelete,
  onTest,
  onSwitch,
}: WebhookRowProps & { webhook: Webhook; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <FormControlLabel
        control={
          <Switch
            checked={switchingTo ?? webhook.enabled}
            disabled={switchingTo !== undefined}
            onChange={(event) => onSwitch(webhook, event.target.checked)}
            slotProps={{ input: { 'aria-label': `${label} webhook on` } }}
          />
        }
        label={(switchingTo ?? webhook.enabled) ? 'On' : 'Off'}
        sx={{ mr: 1 }}
      />
      <Button
        size="small"
        onClick={() => onTest(webhook)}
        disabled={testing}
        aria-label={`Test ${label} webhook`}
        startIcon={testing ? <CircularProgress size={14} color="inherit" /> : <SendIcon fontSize="small" />}
      >
        Test
      </Button>
      <Tooltip title="Edit">
        <IconButton size="small" onClick={() => onEdit(webhook)} aria-label={`Edit ${label} webhook`}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton size="small" onClick={() => onDelete(webhook)} aria-label={`Delete ${label} webhook`}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
