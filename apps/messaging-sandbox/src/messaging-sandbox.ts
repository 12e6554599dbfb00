import { SmsApi } from './sms-api';
import { SmtpInbox } from './smtp-inbox';

export interface MessagingSandboxSettings {
  host?: string;
  smtpPort: number;
  smsPort: number;
  smtpUsername: string;
  smtpPassword: string;
  smsApiKey: string;
}

/** The local stand-ins for the mail relay (SMTP) and the SMS provider (HTTP), started together. */
export class MessagingSandbox {
  readonly mail: SmtpInbox;
  readonly sms: SmsApi;

  constructor(private readonly settings: MessagingSandboxSettings) {
    this.mail = new SmtpInbox({
      port: settings.smtpPort,
      host: settings.host,
      username: settings.smtpUsername,
      password: settings.smtpPassword,
    });
    this.sms = new SmsApi({
      port: settings.smsPort,
      host: settings.host,
      apiKey: settings.smsApiKey,
      emails: () => this.mail.received,
    });
  }

  /** The URL the notification service's SMTP_URL takes. */
  get smtpUrl(): string {
    const { smtpUsername, smtpPassword } = this.settings;
    return `smtp://${encodeURIComponent(smtpUsername)}:${encodeURIComponent(smtpPassword)}@127.0.0.1:${this.mail.port}`;
  }

  async start(): Promise<this> {
    await Promise.all([this.mail.start(), this.sms.start()]);
    return this;
  }

  async stop(): Promise<void> {
    await Promise.all([this.mail.stop(), this.sms.stop()]);
  }
}
