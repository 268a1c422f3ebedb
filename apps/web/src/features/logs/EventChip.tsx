import { CHANNEL_PREFIXES, EVENT_COLOURS, eventLabel } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

/** An event with its display name and its fixed colour (spec 3), the same colour as in the statistics charts. */
export function EventChip({ event }: { event: string }) {
  const prefix = CHANNEL_PREFIXES.find((p) => event.startsWith(p)) ?? '';
  const colour = EVENT_COLOURS[event.slice(prefix.length)] ?? EVENT_COLOURS.other;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={eventLabel(event)}
      icon={
        <Box
          component="span"
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colour, ml: '8px !important' }}
        />
      }
      sx={{ borderColor: colour }}
    />
  );
}
