import type { MessageDetail } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The customer's own data the message was sent with (native `variables`, Mailgun `v:` and X-Mailgun-Variables,
 * SendGrid `custom_args`), as name and value; nothing is shown for a message without any.
 */
export function VariablesSection({ message }: { message: MessageDetail }) {
  const entries = Object.entries(message.variables);
  if (entries.length === 0) return null;
  return (
    <section aria-label="Variables">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Variables ({entries.length})
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 180px) minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: 0.75,
          m: 0,
        }}
      >
        {entries.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {name}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, mb: { xs: 1, sm: 0 }, fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-word' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </section>
  );
}
