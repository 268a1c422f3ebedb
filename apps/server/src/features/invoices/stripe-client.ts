import type Stripe from 'stripe';
import type { Config } from '../../config.ts';

/**
 * The official Stripe client for this installation, or null when payment is off (no STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET). STRIPE_API_BASE points it elsewhere (tests: the local fake in src/test/stripe-fake.ts).
 * The API version is the one this SDK release pins (its types describe that one), not the account's default.
 */

const clients = new Map<string, Stripe>();

// The SDK loads on first use (about 1 MB of JavaScript): most processes never talk to Stripe.
export async function stripeClient(config: Config): Promise<Stripe | null> {
  const settings = config.stripe;
  if (!settings) return null;
  const key = `${settings.secretKey}|${settings.apiBase ?? ''}`;
  const cached = clients.get(key);
  if (cached) return cached;
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  const { default: StripeSdk } = await import('stripe');
  const client = new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 1,
    telemetry: false,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol } : {}),
  });
  clients.set(key, client);
  return client;
}
