import type { Channel } from '../domain/notification';
import type { DeliveryOutcome, OutgoingMessage } from '../application/ports/delivery';
import type { SmsClient } from './sms-client';
import type { SmtpMailer } from './smtp-mailer';
import { type MessageChannels } from '../application/ports/message-channels';

/** The way out for each channel: email over SMTP, SMS over the provider's HTTP API. */
export class SmtpAndSmsChannels implements MessageChannels {
  constructor(
    private readonly mailer: SmtpMailer,
    private readonly sms: SmsClient,
  ) {}

  send(channel: Channel, message: OutgoingMessage): Promise<DeliveryOutcome> {
    return channel === 'email' ? this.mailer.send(message) : this.sms.send(message);
  }
}
