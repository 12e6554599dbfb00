export interface OutgoingMessage {
  topic: string;
  key: string;
  value: string;
  /** Added to the CloudEvents content-type header every message carries. */
  headers?: Record<string, string>;
}

/** What the outbox relay needs from a broker: publish a batch, resolve once it is acknowledged. */
export interface MessagePublisher {
  /** Opens the session ahead of the first batch; `publish` opens it too when it is not open. */
  connect(): Promise<void>;
  publish(messages: OutgoingMessage[]): Promise<void>;
}
