import type { Channel } from '../../domain/notification';
import type { DeliveryOutcome, OutgoingMessage } from './delivery';

/** A port of the use cases; `SmtpAndSmsChannels` implements it with SMTP and the SMS provider’s API. */
export abstract class MessageChannels {
  abstract send(channel: Channel, message: OutgoingMessage): Promise<DeliveryOutcome>;
}
