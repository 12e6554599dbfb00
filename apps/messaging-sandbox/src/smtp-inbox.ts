import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  to: string[];
  messageId: string;
  subject: string;
  text: string;
  /** The text/calendar part (an invitation or a cancellation), if the message has one. */
  calendar: string | null;
}

export interface SmtpInboxSettings {
  port: number;
  host?: string;
  username: string;
  password: string;
  maxMessageBytes?: number;
}

/** What RFC 5322 makes every message carry; a real relay refuses a message without them. */
const REQUIRED_HEADERS = ['from', 'date', 'message-id'];

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * An SMTP server that keeps what it accepts: the protocol and the refusals of a real relay
 * (AUTH required, well-formed addresses, a size limit, RFC 5322's required headers), the
 * delivery of none. STARTTLS is not offered: it listens on loopback only.
 */
export class SmtpInbox {
  readonly received: ReceivedEmail[] = [];
  private readonly server: SMTPServer;
  private boundPort = 0;

  constructor(private readonly settings: SmtpInboxSettings) {
    this.server = new SMTPServer({
      name: 'messaging-sandbox',
      banner: 'messaging sandbox',
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      size: settings.maxMessageBytes ?? 1024 * 1024,
      onAuth: (auth, _session, callback) =>
        this.authorized(auth)
          ? callback(null, { user: auth.username })
          : callback(smtpError(535, 'Authentication credentials invalid')),
      onRcptTo: (address, _session, callback) =>
        callback(isMailbox(address.address) ? undefined : smtpError(553, 'Bad recipient address syntax')),
      onMailFrom: (address, _session, callback) =>
        callback(isMailbox(address.address) ? undefined : smtpError(553, 'Bad sender address syntax')),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
            callback(smtpError(552, 'Message exceeds the size limit'));
            return;
          }
          this.accept(Buffer.concat(chunks), session).then(
            () => callback(),
            (error: Error) => callback(error),
          );
        });
      },
    });
    this.server.on('error', () => undefined);
  }

  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) =>
      this.server.listen(this.settings.port, this.settings.host ?? '127.0.0.1', resolve),
    );
    this.boundPort = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private authorized(auth: SMTPServerAuthentication): boolean {
    return auth.username === this.settings.username && auth.password === this.settings.password;
  }

  private async accept(raw: Buffer, session: SMTPServerSession): Promise<void> {
    const parsed = await simpleParser(raw);
    const missing = REQUIRED_HEADERS.filter((name) => !parsed.headers.has(name));
    if (missing.length > 0) throw smtpError(554, `Message lacks required headers: ${missing.join(', ')}`);
    this.received.push({
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
      to: session.envelope.rcptTo.map((recipient) => recipient.address),
      messageId: parsed.messageId ?? '',
      subject: parsed.subject ?? '',
      text: (parsed.text ?? '').trimEnd(),
      calendar: calendarPartOf(parsed),
    });
  }
}

function calendarPartOf(parsed: ParsedMail): string | null {
  const part = parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  return part ? part.content.toString('utf8') : null;
}

function isMailbox(address: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address);
}
