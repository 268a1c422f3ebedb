import type { Deps } from '../../deps.ts';
import type { Intake } from '../intake/intake.service.ts';
import { loadMailSecret } from '../mail-tokens.ts';
import { loadTlsMaterial } from '../smtp/tls-certificate.ts';
import { type InboundMx, startInboundMx } from './inbound-server.ts';

/** The smtp role's inbound MX, offering STARTTLS with the same certificate as submission (RFC 3207). */
export async function startInboundRole(deps: Deps, intake: Intake): Promise<InboundMx> {
  const { config, log, db } = deps;
  const tls = await loadTlsMaterial({
    certPath: config.smtpTlsCert,
    keyPath: config.smtpTlsKey,
    dataDir: config.dataDir,
    hostname: config.mailHostname,
  });
  return startInboundMx({ config, log, db, secret: await loadMailSecret(db), tls, intake });
}
