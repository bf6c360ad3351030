// Zod contracts of channel sync by iCal (issue 15): the calendar feeds staff
// import from Airbnb, Vrbo, Booking.com and others, the export URLs those
// channels poll, and the answer of a sync. The console's feed screens and the
// /api/admin routes share them.
import { z } from 'zod';

/** The channels a home is listed on besides our site; one export URL each. */
export const calendarChannelNames = ['airbnb', 'vrbo', 'booking', 'other'] as const;
export type CalendarChannelName = (typeof calendarChannelNames)[number];

/** How the console names each channel. */
export const calendarChannelLabels: Record<CalendarChannelName, string> = {
  airbnb: 'Airbnb',
  vrbo: 'Vrbo',
  booking: 'Booking.com',
  other: 'Other',
};

export const calendarChannelSchema = z.enum(calendarChannelNames, {
  error: `channel must be one of ${calendarChannelNames.join(', ')}`,
});

/** The longest feed URL accepted: channels' URLs are a few hundred characters at most. */
export const maxFeedUrlLength = 2000;
export const maxFeedNameLength = 100;

// The domain compiles with neither DOM nor Node typings, yet every runtime it
// runs in ships the WHATWG URL class (as in safe-url.ts).
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => { protocol: string; hostname: string } }).URL;

function isWebAddress(value: string): boolean {
  try {
    const { protocol, hostname } = new WhatwgUrl(value);
    return (protocol === 'https:' || protocol === 'http:') && hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A feed URL as typed: an absolute http(s) URL. Whether plain http is allowed
 * (only for hosts in ICAL_ALLOW_HOSTS) and where the host resolves to are the
 * server's checks, made before the feed is saved and again on every fetch.
 */
export const feedUrlField = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, { error: 'url is required' })
  .max(maxFeedUrlLength, { error: `url must be at most ${maxFeedUrlLength} characters long` })
  .refine(isWebAddress, { error: 'url must be a web address starting with https://' });

/** POST /api/admin/properties/{id}/calendar-feeds */
export const adminFeedRequestSchema = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, { error: 'name is required' })
      .max(maxFeedNameLength, { error: `name must be at most ${maxFeedNameLength} characters long` }),
    url: feedUrlField,
    channel: calendarChannelSchema,
  })
  .strict();
export type AdminFeedRequest = z.infer<typeof adminFeedRequestSchema>;

/** One imported feed of a home, with how its syncs went. Timestamps are ISO strings. */
export const adminFeedSchema = z.object({
  id: z.string(),
  /** The home's UUID. */
  propertyId: z.string(),
  name: z.string(),
  url: z.string(),
  channel: calendarChannelSchema,
  /** The last attempt, successful or not; null before the first. */
  lastSyncAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** Why the last attempt failed; null once a sync succeeds again. */
  lastError: z.string().nullable(),
  /** The first failure of the current run of failures; null while the feed works. */
  failingSince: z.string().nullable(),
  /** Future events the last successful sync read. */
  eventCount: z.number().int(),
  /** Events of this feed overlapping a booking or hold here (recorded, not imported as blocks). */
  conflicts: z.number().int(),
  createdAt: z.string(),
});
export type AdminFeed = z.infer<typeof adminFeedSchema>;

/** The URL a channel polls to read this home's calendar (secret: it carries the token). */
export const adminCalendarExportSchema = z.object({
  channel: calendarChannelSchema,
  /** `${PUBLIC_URL}/api/properties/{propertyId}/calendar.ics?token=…` */
  url: z.string(),
});
export type AdminCalendarExport = z.infer<typeof adminCalendarExportSchema>;

/** GET /api/admin/properties/{id}/calendar-feeds */
export const adminFeedListSchema = z.object({
  /** Oldest first. */
  feeds: z.array(adminFeedSchema),
  /** One per channel, in the order of calendarChannelNames. */
  exports: z.array(adminCalendarExportSchema),
});
export type AdminFeedList = z.infer<typeof adminFeedListSchema>;

/** POST /api/admin/properties/{id}/calendar-exports/{channel}/rotate: the new URL; the old one answers 404. */
export const adminCalendarExportRotatedSchema = adminCalendarExportSchema;
export type AdminCalendarExportRotated = AdminCalendarExport;

export const feedSyncStatuses = ['ok', 'not_modified', 'failed'] as const;
export type FeedSyncStatus = (typeof feedSyncStatuses)[number];

/** POST /api/admin/calendar-feeds/{feedId}/sync: what one sync did. */
export const feedSyncResultSchema = z.object({
  /** not_modified: the channel answered 304, nothing changed. failed: the blocks it last gave are kept. */
  status: z.enum(feedSyncStatuses),
  /** Future events the feed holds now (for failed: as of the last success). */
  events: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  /** Events overlapping a booking or hold here after this sync. */
  conflicts: z.number().int(),
  /** Why it failed, in words staff can act on. */
  error: z.string().optional(),
});
export type FeedSyncResult = z.infer<typeof feedSyncResultSchema>;
