import { describe, expect, it } from 'vitest';
import {
  decideSend,
  defaultMessageTemplates,
  fillMessageTemplate,
  isMessageDaytime,
  nextMessageDaytime,
  planMessages,
  unknownMessageVariables,
} from './messages.js';

const denver = { timeZone: 'America/Denver', checkInTime: '16:00', checkOutTime: '10:00' };

function plan(checkIn: string, checkOut: string, nights: number, clock = denver, templates = defaultMessageTemplates) {
  return planMessages({ checkIn, checkOut, nights }, templates, clock);
}

describe('planMessages', () => {
  it('times each message on the home clock', () => {
    const { planned, excluded } = plan('2027-03-20', '2027-03-24', 4);
    const at = Object.fromEntries(planned.map((m) => [m.template, m.dueAt.toISOString()]));
    expect(excluded).toEqual([]);
    // March 2027: Denver is on MDT (UTC-6) from March 14.
    expect(at).toEqual({
      pre_arrival: '2027-03-13T17:00:00.000Z', // 10:00 MST, the day before the change
      arrival_details: '2027-03-19T16:00:00.000Z', // 10:00 MDT
      mid_stay: '2027-03-21T16:00:00.000Z',
      checkout_reminder: '2027-03-24T00:00:00.000Z', // 18:00 MDT on the 23rd
      thank_you: '2027-03-25T16:00:00.000Z',
      returning_guest: '2027-04-23T16:00:00.000Z',
    });
    const arrival = planned.find((m) => m.template === 'arrival_details');
    expect(arrival?.date).toBe('2027-03-19');
    expect(arrival?.lateAfter.toISOString()).toBe('2027-03-20T22:00:00.000Z'); // check-in 16:00 MDT
  });

  it('keeps 10:00 home time across the autumn change', () => {
    // DST ends on 2026-11-01 in the US: 10:00 is UTC-6 on the 31st and UTC-7 on the 1st.
    const { planned } = plan('2026-11-01', '2026-11-03', 2);
    const arrival = planned.find((m) => m.template === 'arrival_details');
    expect(arrival?.dueAt.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    const thanks = planned.find((m) => m.template === 'thank_you');
    expect(thanks?.dueAt.toISOString()).toBe('2026-11-04T17:00:00.000Z');
  });

  it('leaves out the mid-stay check for short stays and turned-off templates, saying why', () => {
    const templates = defaultMessageTemplates.map((t) => (t.name === 'returning_guest' ? { ...t, enabled: false } : t));
    const { planned, excluded } = plan('2027-03-20', '2027-03-22', 2, denver, templates);
    expect(planned.map((m) => m.template)).not.toContain('mid_stay');
    expect(excluded.map((m) => [m.template, m.reason])).toEqual([
      ['mid_stay', 'Only for stays of 3 nights or more'],
      ['returning_guest', 'The message is turned off'],
    ]);
  });

  it('moves a message due at night to the next morning', () => {
    const templates = defaultMessageTemplates.map((t) =>
      t.name === 'checkout_reminder' ? { ...t, time: '21:30' } : t,
    );
    const reminder = plan('2027-03-20', '2027-03-24', 4, denver, templates).planned.find(
      (m) => m.template === 'checkout_reminder',
    );
    // 21:30 on the 23rd waits for 09:00 on the 24th (MDT).
    expect(reminder?.dueAt.toISOString()).toBe('2027-03-24T15:00:00.000Z');
  });
});

describe('daytime', () => {
  it('is 09:00 to 20:00 at the home', () => {
    expect(isMessageDaytime(new Date('2027-01-10T15:59:00Z'), 'America/Denver')).toBe(false); // 08:59 MST
    expect(isMessageDaytime(new Date('2027-01-10T16:00:00Z'), 'America/Denver')).toBe(true);
    expect(isMessageDaytime(new Date('2027-01-11T02:59:00Z'), 'America/Denver')).toBe(true); // 19:59
    expect(isMessageDaytime(new Date('2027-01-11T03:00:00Z'), 'America/Denver')).toBe(false);
    expect(nextMessageDaytime(new Date('2027-01-11T03:00:00Z'), 'America/Denver').toISOString()).toBe(
      '2027-01-11T16:00:00.000Z',
    );
    expect(nextMessageDaytime(new Date('2027-01-10T12:00:00Z'), 'America/Detroit').toISOString()).toBe(
      '2027-01-10T14:00:00.000Z',
    );
  });
});

describe('decideSend', () => {
  const message = {
    dueAt: new Date('2027-03-19T16:00:00Z'), // 10:00 MDT the day before arrival
    lateAfter: new Date('2027-03-20T22:00:00Z'), // check-in
  };
  it('waits until due, sends in the daytime, waits out the night', () => {
    expect(decideSend(message, new Date('2027-03-19T15:00:00Z'), 'America/Denver').action).toBe('wait');
    expect(decideSend(message, new Date('2027-03-19T16:00:00Z'), 'America/Denver')).toEqual({ action: 'send' });
    const night = decideSend(message, new Date('2027-03-20T04:00:00Z'), 'America/Denver'); // 22:00 MDT
    expect(night).toMatchObject({ action: 'wait', until: new Date('2027-03-20T15:00:00Z') });
  });
  it('catches up after an outage, but skips once the moment has passed', () => {
    expect(decideSend(message, new Date('2027-03-20T15:30:00Z'), 'America/Denver')).toEqual({ action: 'send' });
    expect(decideSend(message, new Date('2027-03-20T22:00:00Z'), 'America/Denver').action).toBe('skip');
  });
});

describe('templates', () => {
  it('fills known variables and reports unknown ones', () => {
    expect(fillMessageTemplate('Hi {{firstName}}, {{ home }} {{oops}}', { firstName: 'Ann', home: 'Cabin' })).toBe(
      'Hi Ann, Cabin {{oops}}',
    );
    expect(unknownMessageVariables('{{firstName}} {{oops}} {{oops}}')).toEqual(['oops']);
  });

  it('leaves no empty paragraph where a variable has nothing to say (no door code)', () => {
    const body = 'Address: {{address}}\n\n{{arrivalInstructions}}\n\n{{doorCode}}\n\nYour booking: {{tripLink}}';
    expect(fillMessageTemplate(body, { address: '1 Main', arrivalInstructions: '', doorCode: '', tripLink: 'L' })).toBe(
      'Address: 1 Main\n\nYour booking: L',
    );
    expect(
      fillMessageTemplate(body, {
        address: '1 Main',
        arrivalInstructions: 'Key',
        doorCode: 'Door code: 12',
        tripLink: 'L',
      }),
    ).toBe('Address: 1 Main\n\nKey\n\nDoor code: 12\n\nYour booking: L');
  });
});
