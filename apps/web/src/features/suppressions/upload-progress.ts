import type { UploadStatus } from '@mailwright/contract';

/** How an upload's status reads on screen: a bar (a percentage, or null while its length is unknown) and a line. */
export interface UploadView {
  percent: number | null;
  text: string;
  severity: 'info' | 'success' | 'error';
  finished: boolean;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * An upload is validated line by line (validating), then imported all at once (importing) and ends done or failed
 * (nothing imported). The bar follows the validated lines; the import itself is one transaction, so it has no
 * percentage of its own.
 */
export function describeUpload(status: UploadStatus): UploadView {
  switch (status.state) {
    case 'validating':
      return {
        percent: status.total > 0 ? Math.min(100, Math.floor((status.processed / status.total) * 100)) : null,
        text: status.total > 0 ? `Checking line ${status.processed} of ${status.total}` : `Reading ${status.filename}`,
        severity: 'info',
        finished: false,
      };
    case 'importing':
      return { percent: null, text: `Importing ${plural(status.total, 'line')}`, severity: 'info', finished: false };
    case 'done': {
      const skipped = status.skipped > 0 ? `; ${plural(status.skipped, 'was', 'were')} on the list already` : '';
      return {
        percent: 100,
        text: `${plural(status.imported, 'recipient')} imported${skipped}.`,
        severity: 'success',
        finished: true,
      };
    }
    case 'failed':
      return {
        percent: null,
        text: status.message ?? 'The upload failed; nothing was imported.',
        severity: 'error',
        finished: true,
      };
  }
}

/** Spec: the console polls upload/status/{id}; often enough to see a bar move, rarely enough to cost nothing. */
export const UPLOAD_POLL_MS = 500;
