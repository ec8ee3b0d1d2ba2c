import type { EmailMessage, EmailProvider, SmsMessage, SmsProvider } from './providers.ts';

/**
 * Production without a real SMS or e-mail gateway: nothing is sent and nothing is recorded (the
 * sandbox outbox is never used in production). The call fails with the spec's "function not enabled"
 * (feature_disabled), so a flow that needs a message stops visibly instead of pretending it was sent.
 */
export class ProviderNotConfiguredError extends Error {
  override name = 'ProviderNotConfiguredError';
  readonly code = 'feature_disabled';
  readonly value = null;
  constructor(channel: 'sms' | 'email') {
    super(`no ${channel} provider configured`);
  }
}

export class UnconfiguredSmsProvider implements SmsProvider {
  readonly name = 'unconfigured-sms';
  async send(_message: SmsMessage): Promise<void> {
    throw new ProviderNotConfiguredError('sms');
  }
}

export class UnconfiguredEmailProvider implements EmailProvider {
  readonly name = 'unconfigured-email';
  async send(_message: EmailMessage): Promise<void> {
    throw new ProviderNotConfiguredError('email');
  }
}
