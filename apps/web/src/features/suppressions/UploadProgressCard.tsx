import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useUploadStatus } from './suppressions.api.ts';
import { describeUpload } from './upload-progress.ts';

/** An upload under way or just finished: a progress bar from upload/status/{id}, then the outcome and bad lines. */
export function UploadProgressCard({ did, id, onDismiss }: { did: number; id: number; onDismiss: () => void }) {
  const status = useUploadStatus(did, id);
  const data = status.data;
  const view = data ? describeUpload(data) : null;
  const finished = view?.finished || status.isError;
  // A failed upload has no progress to show: the bar stops, full and red.
  const percent = view?.severity === 'error' ? 100 : (view?.percent ?? null);

  return (
    <Paper variant="outlined" component="section" aria-label="Upload" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
          Upload {data ? `of ${data.filename} to the ${data.type} list` : ''}
        </Typography>
        {finished ? (
          <IconButton size="small" aria-label="Dismiss the upload" onClick={onDismiss}>
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      <LinearProgress
        aria-label="Upload progress"
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        color={view?.severity === 'error' ? 'error' : view?.severity === 'success' ? 'success' : 'primary'}
      />
      <Box role="status" aria-live="polite" sx={{ mt: 1.5 }}>
        {status.isError ? (
          <Alert severity="error">The upload's status could not be read.</Alert>
        ) : view ? (
          view.finished ? (
            <Alert severity={view.severity}>{view.text}</Alert>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {view.text}
            </Typography>
          )
        ) : (
          <Typography variant="body2" color="text.secondary">
            Starting…
          </Typography>
        )}
      </Box>
      {data && data.errors.length > 0 ? (
        <TableContainer sx={{ mt: 1.5, maxHeight: 320 }}>
          <Table size="small" stickyHeader aria-label="Lines with errors">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 72 }}>Line</TableCell>
                <TableCell>Error</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.errors.map((error) => (
                <TableRow key={`${error.line}-${error.message}`}>
                  <TableCell>{error.line}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{error.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}
