import { type PatternTestRequest, patternTestRequest } from '@mailwright/contract';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import type { PatternBase } from './pattern-kinds.ts';

/** What every test answer carries: the rule that matched (`match`) or why none did (`message`). */
export interface TestResultBase<P extends PatternBase> {
  match?: P | undefined;
  message?: string | undefined;
  recipient?: string | undefined;
}

export interface DecisionItem {
  label: string;
  value: ReactNode;
}

interface PatternTestPanelProps<P extends PatternBase, R extends TestResultBase<P>> {
  /** "SMTP patterns": what the sample runs through. */
  listName: string;
  run: (body: PatternTestRequest) => Promise<R>;
  /** What the engine does with the sample (action, category, status, …), shown under the match. */
  decision: (result: R) => DecisionItem[];
  /** Opens the matched rule's edit dialog. */
  onEditMatch: (match: P) => void;
  placeholder: string;
}

type Fields = { text: string; code: string; status: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** A bounce message is read as text; larger files are not bounces worth pasting (the API takes 5 MB). */
const MAX_FILE_BYTES = 5_000_000;

/**
 * Runs a sample reply ("550 5.1.1 User unknown") or a whole bounce message through the enabled rules exactly as the
 * engine does, and shows which rule matches or why none does.
 */
export function PatternTestPanel<P extends PatternBase, R extends TestResultBase<P>>({
  listName,
  run,
  decision,
  onEditMatch,
  placeholder,
}: PatternTestPanelProps<P, R>) {
  const titleId = useId();
  const [fields, setFields] = useState<Fields>({ text: '', code: '', status: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const test = useMutation({ mutationFn: run, onError: (error) => setErrors(fieldErrorsOf(error)) });

  const set = (name: keyof Fields) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = patternTestRequest.safeParse({
      text: fields.text,
      code: fields.code.trim() || undefined,
      status: fields.status.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    test.mutate(parsed.data);
  };

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setErrors({ text: 'The file is larger than 5 MB.' });
      return;
    }
    setFields((current) => ({ ...current, text: '' }));
    const text = await file.text();
    setFields((current) => ({ ...current, text }));
  };

  const result = test.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Test
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Paste a remote server's reply or a whole bounce message: it runs through the enabled {listName} in order, as the
        mail engine would.
      </Typography>
      <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
        <TextField
          label="Reply or bounce message"
          value={fields.text}
          onChange={set('text')}
          placeholder={placeholder}
          multiline
          minRows={3}
          maxRows={14}
          error={Boolean(errors.text)}
          helperText={errors.text}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
          fullWidth
        />
        <Stack direction="row" spacing={1.5}>
          <TextField
            label="Reply code"
            value={fields.code}
            onChange={set('code')}
            size="small"
            error={Boolean(errors.code)}
            helperText={errors.code ?? 'Optional, e.g. 550'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: 1 }}
          />
          <TextField
            label="Status"
            value={fields.status}
            onChange={set('status')}
            size="small"
            error={Boolean(errors.status)}
            helperText={errors.status ?? 'Optional, e.g. 5.1.1'}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component="label" startIcon={<UploadFileIcon />}>
            Load file
            <input type="file" hidden accept=".eml,.txt,message/rfc822,text/plain" onChange={loadFile} />
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={test.isPending}
            startIcon={test.isPending ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
          >
            Run test
          </Button>
        </Stack>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: result ? 2 : 0 }}>
        {result ? <TestOutcome result={result} items={decision(result)} onEditMatch={onEditMatch} /> : null}
      </Box>
    </Paper>
  );
}

function TestOutcome<P extends PatternBase>({
  result,
  items,
  onEditMatch,
}: {
  result: TestResultBase<P>;
  items: DecisionItem[];
  onEditMatch: (match: P) => void;
}) {
  const { match } = result;
  const all = result.recipient ? [{ label: 'Recipient', value: result.recipient }, ...items] : items;
  return (
    <Stack spacing={1.5}>
      {match ? (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" onClick={() => onEditMatch(match)}>
              Edit
            </Button>
          }
        >
          <AlertTitle>Rule {match.position} matches</AlertTitle>
          <Box component="code" sx={{ wordBreak: 'break-all', fontSize: 13 }}>
            {match.pattern}
          </Box>
          {match.note ? <Typography variant="body2">{match.note}</Typography> : null}
        </Alert>
      ) : (
        <Alert severity="info">
          <AlertTitle>No rule matches</AlertTitle>
          {result.message}
        </Alert>
      )}
      {match && result.message ? <Alert severity="info">{result.message}</Alert> : null}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {all.map((item) => (
          <Box key={item.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
              {item.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** A 400 from the server lands on the panel's fields, like a form's field errors (spec 5). */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 402)) return {};
  const known = ['text', 'code', 'status'];
  return Object.fromEntries(
    error.fieldErrors.filter((e) => known.includes(e.field)).map((e) => [e.field, e.message] as const),
  );
}
