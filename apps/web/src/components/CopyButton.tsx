import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { notify, notifyError } from '../lib/store.ts';

interface CopyButtonProps {
  /** What goes to the clipboard. */
  value: string;
  /** Names the button for screen readers and tests, e.g. "Copy the API key". */
  label?: string;
  size?: IconButtonProps['size'];
}

/** Copies a value to the clipboard and says so; the icon turns into a tick for a moment. */
export function CopyButton({ value, label = 'Copy', size = 'small' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      notify('Copied to the clipboard');
    } else {
      notifyError('The browser did not allow copying: select the text and copy it by hand.');
    }
  };

  return (
    <Tooltip title={copied ? 'Copied' : label}>
      <IconButton aria-label={label} size={size} onClick={() => void copy()}>
        {copied ? <CheckIcon fontSize="inherit" color="success" /> : <ContentCopyIcon fontSize="inherit" />}
      </IconButton>
    </Tooltip>
  );
}

/** The Clipboard API needs a secure context (https or localhost); elsewhere the older copy command still works. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the fallback below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
