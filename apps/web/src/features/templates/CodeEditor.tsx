import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense } from 'react';

// CodeMirror and its HTML language load with the editor only: the list and the detail screens do not carry them.
const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor.tsx'));

export interface CodeEditorProps {
  /** The editor's accessible name ("HTML", "Text"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  language: 'html' | 'text' | 'json';
  height: number;
  /** A field error from the server (a syntax error with its line and column). */
  error?: string | undefined;
}

/** A code editor for template content, with its label and the field's error under it. */
export function CodeEditor(props: CodeEditorProps) {
  const theme = useTheme();
  const errorId = `${props.label.replace(/\W+/g, '-').toLowerCase()}-error`;
  return (
    <Box>
      <Box component="span" sx={{ display: 'block', mb: 0.5, fontSize: 13, color: 'text.secondary' }}>
        {props.label}
      </Box>
      <Box
        sx={{
          border: 1,
          borderColor: props.error ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          fontSize: 13,
        }}
      >
        <Suspense fallback={<Skeleton variant="rectangular" height={props.height} />}>
          <CodeMirrorEditor
            {...props}
            dark={theme.palette.mode === 'dark'}
            describedBy={props.error ? errorId : undefined}
          />
        </Suspense>
      </Box>
      {props.error ? (
        <Box id={errorId} role="alert" sx={{ mt: 0.5, fontSize: 12, color: 'error.main' }}>
          {props.error}
        </Box>
      ) : null}
    </Box>
  );
}
