// Request bodies as the contract shows them; openapi-document.spec checks each against the schema
// that validates the real request, so an example can never be one the API refuses.

export const CREATE_RESOURCE_EXAMPLES = {
  car: {
    summary: 'A self-drive car, bookable around the clock, with the default cancellation tiers',
    value: {
      name: 'VinFast VF8 30A-123.45',
      kind: 'car',
      city: 'HN',
      ownerId: 'host-7',
      timeZone: 'Asia/Ho_Chi_Minh',
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 120,
      holdMinutes: 15,
      depositAmount: 2_000_000,
      currency: 'VND',
      businessHours: null,
      slotMinutes: null,
      minNoticeMinutes: 0,
      cancellationPolicy: {
        tiers: [
          { minHoursBefore: 72, refundPercent: 100 },
          { minHoursBefore: 24, refundPercent: 50 },
          { minHoursBefore: 0, refundPercent: 0 },
        ],
        noShowAfterMinutes: 30,
        maxReschedules: 2,
      },
      attributes: { model: 'VF8', plate: '30A-123.45', dailyPrice: 1_500_000 },
    },
  },
  clinic: {
    summary: 'A clinician: weekly hours in the clinic’s zone, 30-minute slots, a closed holiday',
    value: {
      name: 'Dr. Lan, cardiology',
      kind: 'clinician',
      city: 'HCM',
      ownerId: 'host-9',
      timeZone: 'Asia/Ho_Chi_Minh',
      depositAmount: 0,
      currency: 'VND',
      slotMinutes: 30,
      businessHours: {
        weekly: {
          '1': [
            ['09:00', '12:00'],
            ['13:30', '18:00'],
          ],
          '3': [['09:00', '12:00']],
        },
        overrides: { '2026-09-02': [] },
      },
    },
  },
};

export const CREATE_BOOKING_EXAMPLES = {
  hold: {
    summary: 'A hold, with an offset on each instant and a contact for the messages',
    value: {
      resourceId: '3b9d6f2c-8e1a-4f7b-b2c5-9a0e1d3c5f77',
      start: '2026-01-25T08:00:00+07:00',
      end: '2026-01-28T20:00:00+07:00',
      timeZone: 'Asia/Ho_Chi_Minh',
      contact: {
        email: 'a@example.com',
        phone: '+84901234567',
        timeZone: 'Asia/Ho_Chi_Minh',
        locale: 'vi-VN',
      },
    },
  },
  series: {
    summary: 'Ten Wednesdays at the same wall-clock time in New York, across the DST change',
    value: {
      resourceId: '3b9d6f2c-8e1a-4f7b-b2c5-9a0e1d3c5f77',
      start: '2026-10-28T18:00:00',
      end: '2026-10-28T19:00:00',
      timeZone: 'America/New_York',
      rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=10',
    },
  },
};
