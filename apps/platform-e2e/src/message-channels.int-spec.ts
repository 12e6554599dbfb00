import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { MessagingSandbox } from '@booking/app-messaging-sandbox';
import { SmsClient, SmtpMailer } from '@booking/app-notification';

const CREDENTIALS = { smtpUsername: 'mailer', smtpPassword: 'right-password', smsApiKey: 'sms_key' };
const message = (
  overrides: Partial<{ id: string; to: string; subject: string | null; text: string }> = {},
) => ({
  id: 'f3f1c0de-0000-4000-8000-000000000001',
  to: 'guest@example.com',
  subject: 'Đặt chỗ đã xác nhận: 21:00 Thứ 4, 21 thg 10, 2026 GMT+7',
  text: 'Xin chào!\nFrom: 21:00 Thứ 4',
  ...overrides,
});

/** An SMTP server that takes the whole message, then drops the connection instead of answering. */
async function serverThatDropsAfterData(): Promise<Server> {
  const server = createServer((socket) => {
    let inData = false;
    socket.write('220 flaky ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('latin1').split('\r\n')) {
        if (inData) {
          if (line === '.') socket.destroy();
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-flaky\r\n250 AUTH PLAIN\r\n');
        else if (verb === 'AUTH') socket.write('235 ok\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT') socket.write('250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** An SMTP relay that takes every message, but answers each step only after `delayMs`. */
async function slowRelay(delayMs: number): Promise<Server> {
  const server = createServer((socket) => {
    let inData = false;
    const later = (reply: string) => setTimeout(() => socket.writable && socket.write(reply), delayMs);
    later('220 slow ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('latin1').split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            later('250 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') later('250-slow\r\n250 AUTH PLAIN\r\n');
        else if (verb === 'AUTH') later('235 ok\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT') later('250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          later('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('the notification service’s ways out, against the local SMTP relay and SMS API', () => {
  let sandbox: MessagingSandbox;
  beforeAll(async () => {
    sandbox = await new MessagingSandbox({ smtpPort: 0, smsPort: 0, ...CREDENTIALS }).start();
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  const mailer = (url: string) =>
    new SmtpMailer({ url, from: 'Bookings <bookings@example.com>', timeoutMs: 2_000 });

  it('sends UTF-8 mail over SMTP with AUTH, its Message-ID the notification’s id', async () => {
    expect(await mailer(sandbox.smtpUrl).send(message())).toEqual({ outcome: 'sent' });
    expect(sandbox.mail.received.at(-1)).toEqual({
      from: 'bookings@example.com',
      to: ['guest@example.com'],
      messageId: '<f3f1c0de-0000-4000-8000-000000000001@notification.booking>',
      subject: message().subject,
      text: message().text,
      calendar: null,
    });
  });

  it('attaches a calendar invitation as the text/calendar part calendar apps act on', async () => {
    const content = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    const sent = await mailer(sandbox.smtpUrl).send({
      ...message(),
      calendar: { method: 'REQUEST', content },
    });
    expect(sent).toEqual({ outcome: 'sent' });
    expect(sandbox.mail.received.at(-1)).toMatchObject({ text: message().text, calendar: content });
  });

  it('retries what was never handed over: wrong credentials, a relay that is not there', async () => {
    const before = sandbox.mail.received.length;
    const wrongPassword = `smtp://mailer:wrong@127.0.0.1:${sandbox.mail.port}`;
    expect(await mailer(wrongPassword).send(message())).toMatchObject({ outcome: 'retryable' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await mailer(`smtp://mailer:x@127.0.0.1:${port}`).send(message())).toMatchObject({
      outcome: 'retryable',
    });
    expect(sandbox.mail.received).toHaveLength(before);
  });

  it('ends a session slow at every step at the limit, as retryable, before anything was handed over', async () => {
    // Each step (greeting, EHLO, AUTH …) comes in 1.5 s, inside nodemailer's 2 s per step: with
    // only per-step limits the message would go through after about 10 s.
    const relay = await slowRelay(1_500);
    try {
      const { port } = relay.address() as AddressInfo;
      const sent = await mailer(`smtp://mailer:right-password@127.0.0.1:${port}`).send(message());
      expect(sent).toMatchObject({
        outcome: 'retryable',
        reason: expect.stringContaining('SMTP session over 2000 ms'),
      });
    } finally {
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('gives up at once on a permanent refusal (a malformed recipient: 553)', async () => {
    const outcome = await mailer(sandbox.smtpUrl).send(message({ to: 'not-an-address@nowhere' }));
    expect(outcome).toMatchObject({ outcome: 'rejected' });
  });

  it('does not resend when the relay took the message and the answer was lost: it may have been delivered', async () => {
    const flaky = await serverThatDropsAfterData();
    const { port } = flaky.address() as AddressInfo;
    const outcome = await mailer(`smtp://mailer:x@127.0.0.1:${port}`).send(message());
    flaky.close();
    expect(outcome).toMatchObject({ outcome: 'rejected', reason: expect.stringMatching(/^outcome unknown/) });
  });

  it('sends an SMS once per message id, however often the call is retried', async () => {
    const sms = new SmsClient({ baseUrl: sandbox.sms.url, apiKey: 'sms_key', timeoutMs: 2_000 });
    const text = message({ id: 'sms-retry-1', to: '+84901234567', subject: null, text: 'Nhắc: 2 giờ nữa' });
    expect(await sms.send(text)).toEqual({ outcome: 'sent' });
    expect(await sms.send(text)).toEqual({ outcome: 'sent' });
    expect(sandbox.sms.sent.filter((sent) => sent.to === '+84901234567')).toEqual([
      { id: expect.stringMatching(/^sms_/), to: '+84901234567', text: 'Nhắc: 2 giờ nữa' },
    ]);
  });

  it('gives up on an SMS the provider refuses, and retries one it could not reach', async () => {
    const wrongKey = new SmsClient({ baseUrl: sandbox.sms.url, apiKey: 'wrong', timeoutMs: 2_000 });
    expect(await wrongKey.send(message({ to: '+84901234568', text: 'x' }))).toMatchObject({
      outcome: 'rejected',
    });
    const right = new SmsClient({ baseUrl: sandbox.sms.url, apiKey: 'sms_key', timeoutMs: 2_000 });
    expect(await right.send(message({ id: 'bad-number', to: '12345', text: 'x' }))).toMatchObject({
      outcome: 'rejected',
    });
    const away = new SmsClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sms_key', timeoutMs: 2_000 });
    expect(await away.send(message({ to: '+84901234568', text: 'x' }))).toMatchObject({
      outcome: 'retryable',
    });
  });
});
