import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { SMTPConnection, type SMTPConnectionOptions } from 'smtp-server/lib/smtp-connection';

// A reply text that starts with its own RFC 3463 enhanced status code ("5.7.1 …"): ours, from a handler callback.
const OWN_ENHANCED_CODE = /^[245]\.\d{1,3}\.\d{1,3}(?: |$)/;

/**
 * smtp-server's connection with two answers of RFC 4954 put right:
 * - AUTH is not offered in EHLO before STARTTLS when it is refused there (section 4: no plaintext credentials), and
 * - a refused AUTH before STARTTLS answers 538 5.7.11 "Encryption required" (section 6), not 538 5.7.0.
 * The library adds RFC 3463 enhanced codes to its own replies (501 5.1.3 bad address syntax, 552 5.3.4 too big…);
 * replies from our handlers carry their own code in the text and keep it, once.
 */
class SubmissionConnection extends SMTPConnection {
  override send(code: number, data?: string | string[] | null, context?: string | false): void {
    if (Array.isArray(data) && !this.secure && !this._server.options.allowInsecureAuth) {
      super.send(
        code,
        data.filter((line) => !line.toUpperCase().startsWith('AUTH ')),
        context,
      );
      return;
    }
    super.send(code, data, typeof data === 'string' && OWN_ENHANCED_CODE.test(data) ? false : context);
  }

  override _getEnhancedStatusCode(code: number, context?: string | false): string {
    if (code === 538 && context !== false) return '5.7.11';
    return super._getEnhancedStatusCode(code, context);
  }
}

/** smtp-server with SubmissionConnection for every client, and enhanced status codes on (advertised in EHLO). */
export class SubmissionSmtpServer extends SMTPServer {
  constructor(options: SMTPServerOptions) {
    super({ ...options, hideENHANCEDSTATUSCODES: false });
  }

  override connect(socket: Socket | TLSSocket, socketOptions?: SMTPConnectionOptions | null): void {
    // As SMTPServer.connect does, with our connection class.
    const connection = new SubmissionConnection(this, socket, socketOptions);
    this.connections.add(connection);
    connection.on('error', (error: Error) => this._onError(error));
    connection.on('connect', (data) => this._onClientConnect(data));
    connection.init();
  }
}
