import { recipientAddress } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/format.ts';
import { RecipientCheckCard } from '../../components/RecipientCheckCard.tsx';
import { useCheckRecipient, useRemoveSuppression } from './suppressions.api.ts';

const SCOPE_LABELS = { domain: 'this domain', customer: 'your account', global: 'every account' } as const;

/** GET suppressions/{domain}/check/{recipient}: would intake drop mail to this recipient, and which entries say so. */
export function CheckRecipientCard({ did, domainName }: { did: number; domainName: string }) {
  const check = useCheckRecipient(did);
  const remove = useRemoveSuppression(did);
  const result = check.data;
  return (
    <RecipientCheckCard
      description={`Whether mail from ${domainName} to this address is dropped, and which lists say so.`}
      schema={recipientAddress}
      invalidMessage="Enter a valid email address"
      inputType="email"
      pending={check.isPending}
      onCheck={(recipient) => check.mutate(recipient)}
      result={
        result ? (
          result.suppressed ? (
            <Alert severity="warning">
              <AlertTitle>{result.recipient} is suppressed</AlertTitle>
              {result.pattern ? (
                <Typography variant="body2">
                  The domain pattern <code>{result.pattern}</code> blocks it.
                </Typography>
              ) : null}
              <List dense disablePadding>
                {result.items.map((item) => (
                  <ListItem
                    key={item.sid}
                    disableGutters
                    secondaryAction={
                      item.scope === 'domain' ? (
                        <Button
                          size="small"
                          color="inherit"
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate(
                              { type: item.type, recipient: item.recipient },
                              { onSuccess: () => check.mutate(item.recipient) },
                            )
                          }
                        >
                          Remove
                        </Button>
                      ) : null
                    }
                    sx={{ pr: item.scope === 'domain' ? 10 : 0 }}
                  >
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                          <Chip size="small" label={item.type} />
                          <span>on the list of {SCOPE_LABELS[item.scope]}</span>
                        </Stack>
                      }
                      secondary={`${item.reason || 'No reason given'} · ${formatDateTime(item.created_at)}`}
                    />
                  </ListItem>
                ))}
              </List>
            </Alert>
          ) : (
            <Alert severity="success">{result.recipient} is not suppressed: mail to it is sent.</Alert>
          )
        ) : null
      }
    />
  );
}
