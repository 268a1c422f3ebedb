import { html } from '@codemirror/lang-html';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import type { CodeEditorProps } from './CodeEditor.tsx';

/** The CodeMirror editor itself (lazy: see CodeEditor). Handlebars sits in HTML as text, which the HTML mode keeps. */
export default function CodeMirrorEditor(props: CodeEditorProps & { dark: boolean; describedBy: string | undefined }) {
  const { language, label, describedBy } = props;
  const extensions = useMemo(
    () => [
      ...(language === 'html' ? [html()] : []),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
    ],
    [language, label, describedBy],
  );
  return (
    <CodeMirror
      value={props.value}
      onChange={props.onChange}
      height={`${props.height}px`}
      theme={props.dark ? 'dark' : 'light'}
      extensions={extensions}
      basicSetup={{ foldGutter: false, highlightActiveLine: false }}
    />
  );
}
