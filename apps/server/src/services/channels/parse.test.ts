import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { fixtureDate, loadFixture, renderFeed } from '../../test/feed-server.js';
import { FeedParseError, parseFeed } from './parse.js';

const denver = 'America/Denver';
const detroit = 'America/Detroit';
/** Noon UTC: the same calendar date in UTC, Denver and Detroit, so {{+N}} means the same day everywhere. */
const now = new Date(`${fixtureDate(0)}T12:00:00Z`);
const day = (offset: number) => fixtureDate(offset);

function calendar(...lines: string[]): string {
  return renderFeed(
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n'),
  );
}

describe('parsing channel feeds', () => {
  it('reads an Airbnb feed: all-day dates as written, past events dropped, folded text read', () => {
    const events = parseFeed(loadFixture('airbnb.ics'), denver, now);
    expect(events).toEqual([
      {
        uid: '1418fb94e984-5d6c2a8e4b1f0c9d7e3a6b2f8c4d1e0a@airbnb.com',
        checkIn: day(10),
        checkOut: day(14),
        summary: 'Reserved',
      },
      {
        uid: '7f3e2b1a9c8d-0e4f6a2b8c1d3e5f7a9b0c2d4e6f8a1b3c@airbnb.com',
        checkIn: day(30),
        checkOut: day(40),
        summary: 'Airbnb (Not available)',
      },
    ]);
    // The very same nights in another zone: dates are never shifted.
    expect(parseFeed(loadFixture('airbnb.ics'), detroit, now)).toEqual(events);
  });

  it('reads a Vrbo feed: an event without DTEND takes one night, unknown X- properties ignored', () => {
    expect(parseFeed(loadFixture('vrbo.ics'), denver, now)).toEqual([
      { uid: '62c0b1f4-3a5e-4d6b-9f1c-8e2a7d3b5c90', checkIn: day(20), checkOut: day(23), summary: 'Reserved' },
      { uid: '9b7d2e4c-1f3a-4c5e-8a6b-0d2f4e6a8c1b', checkIn: day(25), checkOut: day(26), summary: 'Blocked' },
    ]);
  });

  it('converts TZID date-times to the home dates: a late Denver arrival is the next night in Detroit', () => {
    const inDenver = parseFeed(loadFixture('tzid.ics'), denver, now);
    const inDetroit = parseFeed(loadFixture('tzid.ics'), detroit, now);
    const stay = { uid: 'stay-88412@channel.example', checkIn: day(12), checkOut: day(15) };
    expect(inDenver[0]).toMatchObject(stay);
    expect(inDenver[0]?.summary).toBe(
      'Reserved for a guest of the channel whose summary is long enough to be folded over two lines',
    );
    expect(inDetroit[0]).toMatchObject(stay);
    // 23:00 to 10:00 next morning in Denver is 01:00 to 12:00 the next day in Detroit: one night either way.
    expect(inDenver[1]).toMatchObject({ checkIn: day(18), checkOut: day(19) });
    expect(inDetroit[1]).toMatchObject({ checkIn: day(19), checkOut: day(20) });
  });

  it('converts UTC date-times to the home dates', () => {
    // 05:30Z is the evening before in Denver and just after midnight in Detroit, summer or winter.
    expect(parseFeed(loadFixture('utc.ics'), denver, now)).toEqual([
      { uid: 'utc-5521@channel.example', checkIn: day(11), checkOut: day(13), summary: 'Reserved' },
    ]);
    expect(parseFeed(loadFixture('utc.ics'), detroit, now)).toEqual([
      { uid: 'utc-5521@channel.example', checkIn: day(12), checkOut: day(14), summary: 'Reserved' },
    ]);
  });

  it('drops an event checking out today but keeps one checking out tomorrow', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:leaves-today',
      'DTSTART;VALUE=DATE:{{-2}}',
      'DTEND;VALUE=DATE:{{+0}}',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:leaves-tomorrow',
      'DTSTART;VALUE=DATE:{{-2}}',
      'DTEND;VALUE=DATE:{{+1}}',
      'END:VEVENT',
    );
    expect(parseFeed(feed, denver, now).map((e) => e.uid)).toEqual(['leaves-tomorrow']);
  });

  it('skips cancelled events and events without UID, and expands only finite recurring events', () => {
    const feed = calendar(
      'BEGIN:VEVENT',
      'UID:cancelled',
      'STATUS:CANCELLED',
      'DTSTART;VALUE=DATE:{{+5}}',
      'DTEND;VALUE=DATE:{{+7}}',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:{{+5}}',
      'DTEND;VALUE=DATE:{{+7}}',
      'SUMMARY:no uid',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:weekly',
      'DTSTART;VALUE=DATE:{{+3}}',
      'DTEND;VALUE=DATE:{{+4}}',
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'SUMMARY:Cleaning',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:forever',
      'DTSTART;VALUE=DATE:{{+2}}',
      'DTEND;VALUE=DATE:{{+3}}',
      'RRULE:FREQ=DAILY',
      'END:VEVENT',
    );
    expect(parseFeed(feed, denver, now)).toEqual([
      { uid: `weekly#${day(3)}`, checkIn: day(3), checkOut: day(4), summary: 'Cleaning' },
      { uid: `weekly#${day(10)}`, checkIn: day(10), checkOut: day(11), summary: 'Cleaning' },
      { uid: `weekly#${day(17)}`, checkIn: day(17), checkOut: day(18), summary: 'Cleaning' },
    ]);
  });

  it('throws a FeedParseError for anything that is not a calendar', () => {
    expect(() => parseFeed(loadFixture('malformed.ics'), denver, now)).toThrow(FeedParseError);
    expect(() => parseFeed('', denver, now)).toThrow(FeedParseError);
    expect(() => parseFeed('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n', denver, now)).toThrow(FeedParseError);
  });

  it('agrees with node-ical on what the fixtures hold (the library reads them too)', () => {
    const parsed = ical.sync.parseICS(loadFixture('airbnb.ics'));
    expect(Object.values(parsed).filter((c) => c?.type === 'VEVENT')).toHaveLength(3);
  });
});
