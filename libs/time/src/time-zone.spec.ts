import { isValidTimeZone } from './time-zone';

describe('isValidTimeZone', () => {
  it.each(['Asia/Ho_Chi_Minh', 'America/New_York', 'Australia/Lord_Howe', 'UTC', 'Etc/GMT+7'])(
    'accepts %s',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(true);
    },
  );

  it.each(['UTC+8', 'GMT-5', '+07:00', '-0500', 'Mars/Olympus', '', 'asia/nowhere', 'EST5EDT-'])(
    'rejects %s',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(false);
    },
  );
});
