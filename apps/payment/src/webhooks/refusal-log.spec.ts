import { RefusalLog, shownWebhookId } from './refusal-log';

describe('RefusalLog', () => {
  it('writes one line per interval, each counting the refusals left out before it', () => {
    const log = new RefusalLog(10_000);
    const lines = [0, 1, 2, 9_999, 10_000, 10_001, 25_000].map((at) => log.take(at));
    expect(lines).toEqual([1, null, null, null, 4, null, 2]);
  });
});

describe('shownWebhookId', () => {
  it('keeps a short id as it is, and none as null', () => {
    expect(shownWebhookId('msg_2KWPBgLlAfxdpx2AI54pPJ85f1W')).toBe('msg_2KWPBgLlAfxdpx2AI54pPJ85f1W');
    expect(shownWebhookId(undefined)).toBeNull();
  });

  it('cuts a long id to 32 characters and masks what is not printable ASCII', () => {
    expect(shownWebhookId(`${'a'.repeat(40)}`)).toBe(`${'a'.repeat(32)}…`);
    expect(shownWebhookId('evil\nline\u001b[31m')).toBe('evil?line?[31m');
  });
});
