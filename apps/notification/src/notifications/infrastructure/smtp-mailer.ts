import type { NodemailerError } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { DeliveryOutcome, OutgoingMessage } from '../application/ports/delivery';

/** Where a failure happened: before the relay saw the message, or while it was being handed over. */
type Phase = 'session' | 'transfer';

/**
 * Email over SMTP (nodemailer's connection and composer), one session per message. The
 * Message-ID is the notification's id, so a relay or mailbox that sees it twice can tell. The
 * session's two phases are run apart, because only their difference says whether a failure
 * without a reply may be retried: nothing leaves before the transfer starts.
 */
export class SmtpMailer {
  private readonly options: SMTPConnection.Options;
  private readonly credentials: { user: string; pass: string } | undefined;

  constructor(private readonly settings: { url: string; from: string; timeoutMs: number }) {
    const { auth, ...connection } = parseConnectionUrl(settings.url);
    this.credentials = auth;
    this.options = {
      ...connection,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    };
  }

  async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
    const mail = new MailComposer({
      from: this.settings.from,
      to: message.to,
      subject: message.subject ?? '',
      text: message.text,
      messageId: `<${message.id}@notification.booking>`,
      // nodemailer writes it as the text/calendar alternative calendar apps act on, and as invite.ics.
      ...(message.calendar ? { icalEvent: { ...message.calendar, filename: 'invite.ics' } } : {}),
    }).compile();
    const connection = new SMTPConnection(this.options);
    let phase: Phase = 'session';
    // nodemailer reports some failures (a refused connection) as 'error' events, not to callbacks.
    const failed = new Promise<never>((_, reject) => connection.on('error', reject));
    failed.catch(() => undefined);
    // nodemailer's timeouts are per step, so a relay slow at every step would hold a session for
    // several of them (and past a shutdown's grace): the whole session gets the limit once.
    let deadline: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => {
        reject(
          Object.assign(new Error(`SMTP session over ${this.settings.timeoutMs} ms`), { code: 'ETIMEDOUT' }),
        );
        connection.close();
      }, this.settings.timeoutMs);
    });
    outOfTime.catch(() => undefined);
    const step = (run: (done: (error?: Error | null) => void) => void) =>
      Promise.race([
        failed,
        outOfTime,
        new Promise<void>((resolve, reject) => run((error) => (error ? reject(error) : resolve()))),
      ]);
    try {
      await step((done) => connection.connect(done));
      const credentials = this.credentials;
      if (credentials) await step((done) => connection.login(credentials, done));
      const raw = await mail.build();
      phase = 'transfer';
      await step((done) => connection.send(mail.getEnvelope(), raw, done));
      return { outcome: 'sent' };
    } catch (error) {
      return classifySmtpError(error as NodemailerError, phase);
    } finally {
      clearTimeout(deadline);
      connection.quit();
    }
  }
}

/**
 * Before the transfer nothing has left, so any failure may be retried. During it, the relay's
 * reply says what it did (4xx: refused for now; 5xx but 503: for good); without a reply it may
 * have taken the message, and sending it again could deliver it twice.
 */
export function classifySmtpError(error: NodemailerError, phase: Phase): DeliveryOutcome {
  const reason = [error.code, error.responseCode, error.message].filter(Boolean).join(' ');
  // A refused session (a wrong password, a relay that is away) refused no message: try it later.
  if (phase === 'session' || error.permanent === false) return { outcome: 'retryable', reason };
  if (error.permanent === true) return { outcome: 'rejected', reason };
  return { outcome: 'rejected', reason: `outcome unknown: ${reason}` };
}
