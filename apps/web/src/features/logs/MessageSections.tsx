import type { MessageDetail } from '@mailwright/contract';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/Lock';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton.tsx';
import { EventChip } from './EventChip.tsx';

type Section = { message: MessageDetail };

/** Event times to the second: several events of one message often fall in the same minute. */
function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

function Heading({ children, count }: { children: string; count?: number }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
      {children}
      {count !== undefined ? ` (${count})` : ''}
    </Typography>
  );
}

const mono = { fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-word' } as const;

export function SummarySection({ message }: Section) {
  const rows: [string, ReactNode][] = [
    ['From', message.from],
    ['Subject', message.subject || '—'],
    [
      'Message-ID',
      <Stack key="mid" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Box component="span" sx={mono}>
          {message.message_id_header}
        </Box>
        <CopyButton value={message.message_id_header} label="Copy the Message-ID" />
      </Stack>,
    ],
    ['Accepted', formatInstant(message.created_at)],
    ['Size', `${(message.size_bytes / 1024).toFixed(1)} KB`],
    ['Sent through', message.source],
    // Issue 13: which template, and which version of it, the message was rendered from.
    ...(message.template
      ? ([['Template', `${message.template.name} (version ${message.template.tag})`]] as [string, ReactNode][])
      : []),
  ];
  return (
    <section aria-label="Summary">
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '120px minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: 0.75,
          m: 0,
        }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {message.tags.length > 0 || message.testmode ? (
        <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
          {message.testmode ? <Chip size="small" color="info" label="Test mode" /> : null}
          {message.tags.map((tag) => (
            <Chip key={tag} size="small" variant="outlined" label={tag} />
          ))}
        </Stack>
      ) : null}
    </section>
  );
}

const STATE_COLOURS = { queued: 'default', delivered: 'success', bounced: 'error', rejected: 'warning' } as const;

export function RecipientsSection({ message }: Section) {
  return (
    <section aria-label="Recipients">
      <Heading count={message.recipients.length}>Recipients</Heading>
      <Stack spacing={1}>
        {message.recipients.map((recipient) => (
          <Box key={recipient.id} sx={{ p: 1.25, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-all', mr: 'auto' }}>
                {recipient.recipient}
              </Typography>
              <Chip size="small" variant="outlined" color={STATE_COLOURS[recipient.state]} label={recipient.state} />
              <Typography variant="caption" color="text.secondary">
                {recipient.attempts === 1 ? '1 attempt' : `${recipient.attempts} attempts`}
              </Typography>
            </Stack>
            {recipient.last_reply ? (
              <Typography variant="body2" color="text.secondary" sx={{ ...mono, mt: 0.5 }}>
                {recipient.last_reply}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Stack>
    </section>
  );
}

export function EventsSection({ message }: Section) {
  return (
    <section aria-label="Events">
      <Heading count={message.events.length}>Events</Heading>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
        {message.events.map((event) => (
          <Box component="li" key={event.id} sx={{ pl: 2, pb: 1.5, position: 'relative' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <EventChip event={event.event} />
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {event.recipient}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatInstant(event.created_at)}
              </Typography>
            </Stack>
            {[event.reply, event.category && `Category: ${event.category}`, event.url && `Link: ${event.url}`]
              .filter(Boolean)
              .map((line) => (
                <Typography key={line} variant="body2" color="text.secondary" sx={{ ...mono, mt: 0.5 }}>
                  {line}
                </Typography>
              ))}
          </Box>
        ))}
      </Box>
    </section>
  );
}

export function AttemptsSection({ message }: Section) {
  return (
    <section aria-label="Delivery attempts">
      <Heading count={message.attempts.length}>Delivery attempts</Heading>
      {message.attempts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No delivery attempt yet.
        </Typography>
      ) : null}
      <Stack spacing={1}>
        {message.attempts.map((attempt) => (
          <Box
            key={`${attempt.recipient}-${attempt.started_at}`}
            sx={{ p: 1.25, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
                {attempt.recipient}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
                {formatInstant(attempt.started_at)} · {attempt.duration_ms} ms
              </Typography>
              {attempt.tls ? <Chip size="small" icon={<LockIcon />} label="TLS" variant="outlined" /> : null}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {attempt.mx_host ?? 'No MX host'}
              {attempt.remote_ip ? ` (${attempt.remote_ip})` : ''}
            </Typography>
            <Typography variant="body2" sx={{ ...mono, mt: 0.5 }} aria-label="SMTP reply">
              {attempt.reply_code !== null && !attempt.reply_text.startsWith(String(attempt.reply_code))
                ? `${attempt.reply_code} ${attempt.reply_text}`
                : attempt.reply_text}
            </Typography>
          </Box>
        ))}
      </Stack>
    </section>
  );
}

export function HeadersSection({ message }: Section) {
  return (
    <section aria-label="Headers">
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Headers ({message.headers.length})
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          {message.headers.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              The message body is no longer kept (retention).
            </Typography>
          ) : (
            <Box sx={{ ...mono, fontSize: '0.8rem' }}>
              {message.headers.map((header, index) => (
                // Headers repeat (Received, DKIM-Signature): their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Box key={index} sx={{ mb: 0.5 }}>
                  <Box component="span" sx={{ color: 'primary.main' }}>
                    {header.name}:
                  </Box>{' '}
                  {header.value}
                </Box>
              ))}
            </Box>
          )}
        </AccordionDetails>
      </Accordion>
    </section>
  );
}
