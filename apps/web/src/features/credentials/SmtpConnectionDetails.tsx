import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../../components/CopyButton.tsx';
import { useServerSettings } from '../../lib/server-settings.ts';

/** What a mail client or app needs besides the password: host, port, security and the login, each to copy. */
export function SmtpConnectionDetails({ login }: { login: string }) {
  const smtp = useServerSettings().data?.smtp;
  const rows: [string, string][] = [
    ['Host', smtp?.host ?? '…'],
    ['Port', smtp ? String(smtp.port) : '…'],
    ['Security', smtp ? `${smtp.security} (required before AUTH)` : '…'],
    ['Authentication', smtp ? smtp.auth.join(' or ') : '…'],
    ['Username', login],
  ];
  return (
    <Box component="dl" aria-label="SMTP settings" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr auto', m: 0 }}>
      {rows.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ pr: 2, py: 0.5 }}>
            {name}
          </Typography>
          <Typography component="dd" sx={{ m: 0, py: 0.5, fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {value}
          </Typography>
          <Box sx={{ py: 0.25 }}>
            {smtp && name !== 'Security' && name !== 'Authentication' ? (
              <CopyButton value={value} label={`Copy the ${name.toLowerCase()}`} />
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
