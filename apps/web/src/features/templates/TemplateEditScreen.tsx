import type { TemplateDetail, TemplateUpdate } from '@mailwright/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import { ApiError } from '../../lib/api.ts';
import type { WorkingDomain } from '../../lib/store.ts';
import { CodeEditor } from './CodeEditor.tsx';
import { parseSampleVariables, SAMPLE_VARIABLES } from './sample-variables.ts';
import { TemplateGone } from './TemplateDetailScreen.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import { useRenderedPreview, useSaveTemplate, useTemplate } from './templates.api.ts';

type Draft = { name: string; description: string; subject: string; html: string; text: string; tag: string };
type Errors = Partial<Record<keyof Draft | 'variables', string>>;

/** The text after it stopped changing for `ms` (the live preview renders when typing pauses). */
function useSettled(value: string, ms = 350): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** /templates/:id/edit (spec 2): HTML and text side by side in code editors, with a live preview. */
export default function TemplateEditScreen() {
  const { id } = useParams();
  const tmplid = Number(id);
  return (
    <WorkingDomainGate>
      {(domain) =>
        Number.isSafeInteger(tmplid) && tmplid > 0 ? <Loader domain={domain} tmplid={tmplid} /> : <TemplateGone />
      }
    </WorkingDomainGate>
  );
}

function Loader({ domain, tmplid }: { domain: WorkingDomain; tmplid: number }) {
  const template = useTemplate(domain.did, tmplid);
  if (template.isError) return <TemplateGone />;
  if (!template.data) return <LinearProgress aria-label="Loading the template" />;
  return <TemplateEditor domain={domain} template={template.data} />;
}

function TemplateEditor({ domain, template }: { domain: WorkingDomain; template: TemplateDetail }) {
  const v = template.version;
  const [draft, setDraft] = useState<Draft>({
    name: template.name,
    description: template.description,
    subject: v?.subject ?? '',
    html: v?.html ?? '',
    text: v?.text ?? '',
    tag: '',
  });
  const [sample, setSample] = useState(SAMPLE_VARIABLES);
  const [strict, setStrict] = useState(template.strict);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveTemplate(domain.did, template.tmplid);
  const navigate = useNavigate();
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  // One string for everything the preview depends on: it settles once per pause in typing.
  const settled = JSON.parse(useSettled(JSON.stringify([draft.subject, draft.html, draft.text, sample]))) as string[];
  const [subject = '', html = '', text = '', sampleText = ''] = settled;
  const variables = parseSampleVariables(sampleText);
  const preview = useRenderedPreview(
    domain.did,
    variables.ok ? { subject, html, text, variables: variables.value, strict } : null,
  );
  const previewErrors = preview.error?.fieldErrors ?? [];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body: TemplateUpdate = { ...draft, strict, tag: draft.tag.trim() || undefined };
    try {
      await save.mutateAsync(body);
      await navigate(`/templates/${template.tmplid}`);
    } catch (error) {
      // Spec 5: a 400 on update is handed back to the form; a syntax error says its line and column.
      if (error instanceof ApiError && (error.status === 400 || error.status === 402)) {
        setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field, e.message])));
      }
    }
  };

  const field = (name: keyof Draft, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={draft[name]}
      onChange={(e) => set(name)(e.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      size="small"
      {...extra}
    />
  );

  return (
    <Stack component="form" spacing={2} aria-labelledby="edit-title" onSubmit={submit} noValidate>
      <Box>
        <Button
          component={Link}
          to={`/templates/${template.tmplid}`}
          size="small"
          startIcon={<ArrowBackIcon />}
          sx={{ mb: 1, ml: -0.5 }}
        >
          {template.name}
        </Button>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="edit-title" variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            Edit template
          </Typography>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? <CircularProgress size={20} aria-label="Saving" /> : 'Save new version'}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Saving changed content makes a new version and makes it active. Currently active: {v?.tag ?? 'none'}.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '2fr 3fr 2fr 1fr' } }}>
        {field('name', 'Name')}
        {field('description', 'Description')}
        {field('subject', 'Subject')}
        {field('tag', 'Version tag', { placeholder: 'automatic', helperText: errors.tag ?? 'Optional' })}
      </Box>
      <FormControlLabel
        control={<Switch checked={strict} onChange={(e) => setStrict(e.target.checked)} />}
        label="Strict: refuse a send that lacks a variable the template prints"
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <CodeEditor
          label="HTML"
          language="html"
          value={draft.html}
          onChange={set('html')}
          height={360}
          error={errors.html}
        />
        <CodeEditor
          label="Text"
          language="text"
          value={draft.text}
          onChange={set('text')}
          height={360}
          error={errors.text}
        />
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
          }}
        >
          <CodeEditor
            label="Sample variables (JSON)"
            language="json"
            value={sample}
            onChange={setSample}
            height={200}
            error={variables.ok ? undefined : variables.error}
          />
          <TemplatePreview
            rendered={preview.data}
            loading={preview.isFetching}
            error={previewErrors.map((e) => `${e.field}: ${e.message}`).join('\n') || (preview.error?.message ?? null)}
          />
        </Box>
      </Paper>
    </Stack>
  );
}
