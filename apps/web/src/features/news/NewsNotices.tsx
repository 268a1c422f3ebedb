import { accountEndpoints } from '@mailwright/contract';
import CampaignIcon from '@mui/icons-material/Campaign';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { dismissNews, readDismissed } from './dismissed-news.ts';

export const NEWS_KEY = ['news'] as const;

/**
 * News HTML comes from an operator, but it is still markup in every customer's console: only safe tags survive, and
 * no images (a notice is text; an image would load from anywhere in every console).
 */
export function sanitizeNews(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'img'] });
}

/** Spec 4: the news notices that are not dismissed; Close dismisses one for good (ids kept in dismissed_news). */
export function NewsNotices() {
  const news = useQuery({ queryKey: NEWS_KEY, queryFn: ({ signal }) => api(accountEndpoints.news, { signal }) });
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (news.data ?? []).filter((item) => !dismissed.includes(item.id));
  if (shown.length === 0) return null;
  const existing = (news.data ?? []).map((item) => item.id);
  return (
    <Stack component="section" aria-label="News" spacing={1} sx={{ mb: 2 }}>
      {shown.map((item) => (
        <Alert
          key={item.id}
          severity="info"
          icon={<CampaignIcon fontSize="inherit" />}
          onClose={() => {
            dismissNews(item.id, existing);
            setDismissed(readDismissed());
          }}
          // The slot's type omits aria attributes, which the IconButton passes on.
          slotProps={{ closeButton: { 'aria-label': 'Dismiss this news' } as object }}
        >
          <Box
            className="news-content"
            sx={{
              '& p': { my: 0 },
              '& p + p': { mt: 1 },
              '& a': { color: 'inherit', fontWeight: 600 },
              wordBreak: 'break-word',
            }}
            // Sanitized just above: the operator's HTML minus scripts, handlers and styles.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: news content is HTML by contract and sanitized with DOMPurify
            dangerouslySetInnerHTML={{ __html: sanitizeNews(item.content) }}
          />
        </Alert>
      ))}
    </Stack>
  );
}
