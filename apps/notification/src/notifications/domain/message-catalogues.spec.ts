import { CATALOGUES, catalogueProblems, languageOf } from './message-catalogues';

describe('message catalogues', () => {
  it.each(Object.keys(CATALOGUES))(
    '%s has every message of en-US, in ICU MessageFormat, with the same arguments',
    (language) => {
      expect(catalogueProblems(language, CATALOGUES[language]!)).toEqual([]);
    },
  );

  it('names what a catalogue gets wrong: a missing key, a broken message, other arguments', () => {
    const { 'refund.text': _, ...rest } = CATALOGUES['vi-VN']!;
    const broken = {
      ...rest,
      'refund.subject': 'Hoàn tiền {amount',
      'confirmation.subject': 'Đã xác nhận: {begin}',
    };
    expect(catalogueProblems('vi-VN', broken)).toEqual([
      'refund.text: missing',
      'confirmation.subject: uses {begin}, not {start}',
      expect.stringMatching(/^refund\.subject: /),
    ]);
  });
});

describe('languageOf (the fallback chain)', () => {
  it.each([
    ['vi-VN', 'vi-VN'],
    ['VI-vn', 'vi-VN'],
    ['vi', 'vi-VN'],
    ['zh-TW', 'zh-CN'],
    ['en-GB', 'en-US'],
    ['fr-FR', 'en-US'],
  ])('reads %s in %s', (locale, language) => {
    expect(languageOf(locale)).toBe(language);
  });
});
