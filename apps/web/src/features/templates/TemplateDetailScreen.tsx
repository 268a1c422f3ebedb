import { TEMPLATE_MSG, type TemplateVersion } from '@mailwright/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { Link, useParams } from 'react-router';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import type { WorkingDomain } from '../../lib/store.ts';
import { parseSampleVariables, SAMPLE_VARIABLES } from './sample-variables.ts';
import { TemplatePreview } from './TemplatePreview.tsx';
import { useRenderedPreview, useTemplate, useTemplateHistory } from './templates.api.ts';
import { VersionList } from './VersionList.tsx';

/** /templates/:id (spec 2): a template's versions (who, when, tag, active), a rendered preview, an older one made active. */
export default function TemplateDetailScreen() {
  const { id } = useParams();
  const tmplid = Number(id);
  return (
    <WorkingDomainGate>
      {(domain) =>
        Number.isSafeInteger(tmplid) && tmplid > 0 ? (
          <TemplateDetail domain={domain} tmplid={tmplid} />
        ) : (
          <TemplateGone />
        )
      }
    </WorkingDomainGate>
  );
}

/** Spec 8: 'Template not found!' (also for another customer's template or one of another domain). */
export function TemplateGone() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 600 }}>
      <Alert severity="warning">{TEMPLATE_MSG.notFound}</Alert>
      <Box>
        <Button component={Link} to="/templates" startIcon={<ArrowBackIcon />}>
          All templates
        </Button>
      </Box>
    </Stack>
  );
}

function TemplateDetail({ domain, tmplid }: { domain: WorkingDomain; tmplid: number }) {
  const template = useTemplate(domain.did, tmplid);
  const history = useTemplateHistory(domain.did, tmplid);
  const [selected, setSelected] = useState<number | null>(null);
  const [sample, setSample] = useState(SAMPLE_VARIABLES);
  const versions = history.data?.items ?? [];
  const shown: TemplateVersion | undefined =
    versions.find((v) => v.id === selected) ?? versions.find((v) => v.active) ?? versions[0];
  const variables = parseSampleVariables(useDeferredValue(sample));
  const preview = useRenderedPreview(
    domain.did,
    shown && variables.ok
      ? {
          subject: shown.subject,
          html: shown.html,
          text: shown.text,
          variables: variables.value,
          strict: template.data?.strict ?? false,
        }
      : null,
  );

  if (template.isError) return <TemplateGone />;
  if (!template.data) return <LinearProgress aria-label="Loading the template" />;
  const t = template.data;
  return (
    <Stack component="section" spacing={2} aria-labelledby="template-title">
      <Box>
        <Button component={Link} to="/templates" size="small" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -0.5 }}>
          All templates
        </Button>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="template-title" variant="h5" component="h1" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {t.name}
          </Typography>
          <Button variant="contained" component={Link} to={`/templates/${t.tmplid}/edit`} startIcon={<EditIcon />}>
            Edit
          </Button>
        </Box>
        <Typography variant="body1" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t.description || 'No description.'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          Send it as <code>{t.name}</code> from <strong>{domain.name}</strong>.
          {t.strict ? ' Strict: a send that lacks a variable it prints is refused.' : ''}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            Versions
          </Typography>
          {history.isPending ? <LinearProgress aria-label="Loading versions" /> : null}
          <VersionList
            did={domain.did}
            tmplid={t.tmplid}
            versions={versions}
            shown={shown?.id ?? null}
            onShow={setSelected}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {shown ? `Version ${shown.tag}` : 'Version'}
          </Typography>
          <TextField
            label="Sample variables (JSON)"
            value={sample}
            onChange={(e) => setSample(e.target.value)}
            multiline
            minRows={3}
            maxRows={8}
            fullWidth
            error={!variables.ok}
            helperText={variables.ok ? 'Rendered with these values, as a message sent with them' : variables.error}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
            sx={{ mb: 2 }}
          />
          <TemplatePreview
            rendered={preview.data}
            loading={preview.isFetching}
            error={
              preview.error
                ? preview.error.fieldErrors.map((e) => `${e.field}: ${e.message}`).join('\n') || preview.error.message
                : null
            }
          />
        </Paper>
      </Box>
    </Stack>
  );
}
