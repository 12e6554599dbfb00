import { createKafka } from './create-kafka';

describe('createKafka', () => {
  it('refuses SASL without a user name or password, naming the settings', () => {
    const missing: [string, string][] = [
      ['', 'secret'],
      ['booking-service', ''],
    ];
    for (const [username, password] of missing)
      expect(() =>
        createKafka({
          brokers: ['127.0.0.1:9093'],
          clientId: 'test',
          sasl: { mechanism: 'scram-sha-512', username, password },
        }),
      ).toThrow('KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD are required');
  });

  it('makes a client with TLS and SCRAM when both are given', () => {
    const kafka = createKafka({
      brokers: ['127.0.0.1:9093'],
      clientId: 'test',
      ssl: true,
      sasl: { mechanism: 'scram-sha-512', username: 'booking-service', password: 'secret' },
    });
    expect(typeof kafka.producer).toBe('function');
  });
});
