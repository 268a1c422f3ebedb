import { accountEndpoints, type NewsItem, newsInput } from '@mailwright/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { formatDate } from '../../components/format.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/store.ts';
import { NEWS_KEY } from './NewsNotices.tsx';

/** A line of the news HTML as plain text, for the operator's list. */
function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.trim().replace(/\s+/g, ' ');
}

/** The operator's news desk (superadmin): publish a notice to every customer (POST news) or withdraw one. */
export function NewsPublishCard() {
  const client = useQueryClient();
  const news = useQuery({ queryKey: NEWS_KEY, queryFn: ({ signal }) => api(accountEndpoints.news, { signal }) });
  const [writing, setWriting] = useState(false);
  const [withdrawing, setWithdrawing] = useState<NewsItem | null>(null);
  const refetch = () => client.invalidateQueries({ queryKey: NEWS_KEY });
  const publish = useMutation({
    mutationFn: (content: string) => api(accountEndpoints.publishNews, { body: { content } }),
    onSuccess: () => {
      notify('News published');
      return refetch();
    },
  });
  const withdraw = useMutation({
    mutationFn: (id: number) => api(accountEndpoints.deleteNews, { params: { id } }),
    onSuccess: (result) => {
      notify(result.message);
      return refetch();
    },
  });
  const items = news.data ?? [];

  return (
    <Card variant="outlined" component="section" aria-labelledby="news-desk-title" sx={{ height: '100%' }}>
      <CardContent sx={{ pb: 0 }}>
        <Typography id="news-desk-title" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          News for every customer
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary">Nothing published.</Typography>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 160, overflowY: 'auto' }}>
            {items.map((item) => (
              <ListItem
                key={item.id}
                disableGutters
                secondaryAction={
                  <Button size="small" color="error" onClick={() => setWithdrawing(item)}>
                    Withdraw
                  </Button>
                }
                sx={{ pr: 11 }}
              >
                <ListItemText
                  primary={plainText(item.content)}
                  secondary={formatDate(item.created_at)}
                  slotProps={{ primary: { noWrap: true } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CardActions sx={{ px: 2 }}>
        <Button size="small" variant="contained" onClick={() => setWriting(true)}>
          Publish news
        </Button>
      </CardActions>
      <FormDialog
        open={writing}
        title="Publish news"
        submitLabel="Publish"
        schema={newsInput}
        defaultValues={{ content: '' }}
        onSubmit={({ content }) => publish.mutateAsync(content)}
        onClose={() => setWriting(false)}
      >
        {({ control }) => (
          <FormTextField
            control={control}
            name="content"
            label="News (HTML)"
            multiline
            minRows={4}
            autoFocus
            helperText="Shown to every customer until they dismiss it. Links and basic formatting are kept; scripts and styles are removed."
          />
        )}
      </FormDialog>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw news"
        message={`Withdraw "${withdrawing ? plainText(withdrawing.content).slice(0, 80) : ''}"? Customers no longer see it.`}
        confirmLabel="Withdraw"
        destructive
        onConfirm={() => (withdrawing ? withdraw.mutateAsync(withdrawing.id) : Promise.resolve())}
        onClose={() => setWithdrawing(null)}
      />
    </Card>
  );
}
