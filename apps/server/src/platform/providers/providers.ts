/**
 * Outgoing SMS and e-mail. Services depend on these interfaces only; a deployment plugs in a real
 * gateway, development and tests use the sandbox providers, which deliver nothing and record every
 * message in the outbox.
 */
export interface SmsMessage {
  /** E.164, e.g. +5511987654321. */
  to: string;
  body: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}
