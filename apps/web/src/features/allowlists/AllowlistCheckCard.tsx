import { allowlistRecipient } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import { RecipientCheckCard } from '../../components/RecipientCheckCard.tsx';
import { useCheckAllowlist } from './allowlists.api.ts';

/** GET whitelists/{domain}/check/{recipient}: is this address (or its domain) on the allow-list? */
export function AllowlistCheckCard({ did }: { did: number }) {
  const check = useCheckAllowlist(did);
  const result = check.data;
  return (
    <RecipientCheckCard
      description="Whether the allow-list covers an address, itself or through its domain."
      schema={allowlistRecipient}
      invalidMessage="Enter an email address"
      pending={check.isPending}
      onCheck={(recipient) => check.mutate(recipient)}
      result={
        result ? (
          result.allowed ? (
            <Alert severity="success">
              {result.recipient} is allowed
              {result.entry && result.entry.recipient !== result.recipient ? ` through ${result.entry.recipient}` : ''}
              {result.entry?.note ? ` (${result.entry.note})` : ''}: it is never suppressed automatically.
            </Alert>
          ) : (
            <Alert severity="info">{result.recipient} is not on the allow-list.</Alert>
          )
        ) : null
      }
    />
  );
}
