import {
  SUPPRESSION_TYPES,
  SUPPRESSION_UPLOAD_MAX_BYTES,
  SUPPRESSION_UPLOAD_MAX_LINES,
  type SuppressionType,
} from '@mailwright/contract';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useUploadSuppressions } from './suppressions.api.ts';

interface UploadDialogProps {
  open: boolean;
  did: number;
  /** The list the screen shows: the upload's type unless changed here. */
  type: SuppressionType;
  onClose: () => void;
  /** The server took the file: follow upload `id`. */
  onStarted: (id: number) => void;
}

const MAX_MB = SUPPRESSION_UPLOAD_MAX_BYTES / 1024 / 1024;

/** Chooses a CSV file and the list it goes to, and sends it (multipart {file, type}). */
export function UploadDialog({ open, did, type, onClose, onStarted }: UploadDialogProps) {
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [listType, setListType] = useState<SuppressionType>(type);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useUploadSuppressions(did);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setListType(type);
    setErrors({});
  }, [open, type]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setErrors({ file: 'Choose a CSV file' });
    if (file.size > SUPPRESSION_UPLOAD_MAX_BYTES) return setErrors({ file: `The file is larger than ${MAX_MB} MB` });
    try {
      const status = await upload.mutateAsync({ file, type: listType });
      onStarted(status.id);
      onClose();
    } catch (error) {
      // The snackbar shows the message (also for a 401, spec 8); field errors go under their field. While the dialog
      // is open the page behind it (with the snackbar) is hidden from screen readers, so the dialog says it too.
      if (!(error instanceof ApiError) || error.handled) return;
      const fields = Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message]));
      setErrors(error.fieldErrors.length > 0 ? fields : { '': error.message });
    }
  };
  const pending = upload.isPending;

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>Upload suppressions</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            A CSV file with one recipient a line, and optionally a reason in the second column. A first line naming the
            columns (recipient, email or address; reason) is read as a header. Every line is checked first: if any is
            wrong, nothing is imported and the lines are listed. Up to {MAX_MB} MB and{' '}
            {SUPPRESSION_UPLOAD_MAX_LINES.toLocaleString()} lines.
          </Typography>
          <TextField
            select
            label="List"
            value={listType}
            onChange={(event) => setListType(event.target.value as SuppressionType)}
            error={Boolean(errors.type)}
            helperText={errors.type}
            fullWidth
          >
            {SUPPRESSION_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {value}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
              {file ? 'Choose another file' : 'Choose a CSV file'}
              <input
                type="file"
                hidden
                accept=".csv,.txt,text/csv,text/plain"
                aria-label="CSV file"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setErrors({});
                  event.target.value = '';
                }}
              />
            </Button>
            <FormHelperText error={Boolean(errors.file)} sx={{ wordBreak: 'break-all' }}>
              {errors.file ?? (file ? `${file.name} (${formatSize(file.size)})` : 'No file chosen')}
            </FormHelperText>
          </div>
          {errors[''] ? <Alert severity="error">{errors['']}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
