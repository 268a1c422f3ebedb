import type { TemplateRendered } from '@mailwright/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

type View = 'desktop' | 'phone' | 'text';
const WIDTH: Record<Exclude<View, 'text'>, number | string> = { desktop: '100%', phone: 375 };

/**
 * A rendered template: the subject, then the HTML at desktop or phone width, or the text part. The HTML is the
 * customer's own: it is shown only inside an iframe that runs no script and has no origin of ours (sandbox without
 * allow-scripts or allow-same-origin), so nothing in it can reach the console or its session.
 */
export function TemplatePreview(props: {
  rendered: TemplateRendered | undefined;
  error?: string | null | undefined;
  loading?: boolean;
  height?: number;
}) {
  const [view, setView] = useState<View>('desktop');
  const { rendered } = props;
  const height = props.height ?? 460;
  return (
    <Box aria-label="Preview" component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          Preview
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, next: View | null) => next && setView(next)}
          aria-label="Preview width"
        >
          <ToggleButton value="desktop">Desktop</ToggleButton>
          <ToggleButton value="phone">Phone</ToggleButton>
          <ToggleButton value="text">Text</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ minHeight: 4 }}>{props.loading ? <LinearProgress aria-label="Rendering" /> : null}</Box>
      {props.error ? (
        <Alert severity="warning" sx={{ my: 1, whiteSpace: 'pre-wrap' }}>
          {props.error}
        </Alert>
      ) : null}
      <Typography variant="body2" sx={{ my: 1, overflowWrap: 'anywhere' }} data-testid="preview-subject">
        <strong>Subject:</strong> {rendered?.subject || '—'}
      </Typography>
      {view === 'text' ? (
        <Box
          component="pre"
          data-testid="preview-text"
          sx={{
            m: 0,
            p: 1.5,
            height,
            overflow: 'auto',
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {rendered?.text || '(no text part)'}
        </Box>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, p: 1 }}>
          {/* A new frame for each rendering (keyed by its HTML) rather than one frame navigated in place: a sandboxed
              srcdoc frame re-navigated from empty to the first rendering was now and then lost by browser automation
              (the templates journey once waited 30 s for the first rendering), and a fresh frame costs nothing here. */}
          <Box
            component="iframe"
            key={rendered?.html ?? ''}
            title={`Rendered HTML at ${view} width`}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={rendered?.html ?? ''}
            sx={{
              width: WIDTH[view],
              maxWidth: '100%',
              height,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          />
        </Box>
      )}
    </Box>
  );
}
