// Turnover tasks (issue 30, ADR 043): the kinds of work a stay causes at a
// home, when each is due, and the API's contracts for staff (the board) and
// for cleaners (their own tasks). Pure rules: no clock, no database.
import { z } from 'zod';
import { addDays, isIsoDate, type IsoDate } from './dates.js';
import { instantIn } from './concierge.js';

export const taskStatusValues = ['open', 'started', 'done', 'cancelled'] as const;
export type TaskStatusValue = (typeof taskStatusValues)[number];
export const taskProblemKindValues = ['damage', 'maintenance'] as const;

/** The cleaner's page (issue 30): where they land after signing in, and what their e-mails link to. */
export const cleanerTasksPath = '/tasks';

/** Guests leave by this time on the home's clock (the homes' rental agreement). */
export const defaultCheckOutTime = '10:00';
/** When a home names no check-in time. */
export const defaultCheckInTime = '16:00';
/** The staff's alert of the next day's unassigned tasks goes out at this hour, home time. */
export const unassignedAlertHour = 15;

export interface TaskKindTemplate {
  key: string;
  name: string;
  timing: 'departure' | 'arrival';
  checklist: { item: string; requiresPhoto: boolean }[];
  expectedMinutes: number;
}

/**
 * The kinds every home starts with (issue 30): a departure clean, the
 * inspection before an arrival, linen, and the hot-tub service where there is
 * one. Photos are asked for where a later complaint needs proof.
 */
export function defaultTaskKinds(hasHotTub: boolean): TaskKindTemplate[] {
  const kinds: TaskKindTemplate[] = [
    {
      key: 'departure_clean',
      name: 'Departure clean',
      timing: 'departure',
      expectedMinutes: 180,
      checklist: [
        { item: 'Strip and make every bed', requiresPhoto: false },
        { item: 'Clean kitchen and appliances', requiresPhoto: true },
        { item: 'Clean bathrooms', requiresPhoto: true },
        { item: 'Vacuum and mop floors', requiresPhoto: false },
        { item: 'Take out trash and recycling', requiresPhoto: false },
      ],
    },
    {
      key: 'linen_delivery',
      name: 'Linen delivery',
      timing: 'departure',
      expectedMinutes: 30,
      checklist: [
        { item: 'Collect used linen', requiresPhoto: false },
        { item: 'Deliver fresh linen and towels', requiresPhoto: false },
      ],
    },
    {
      key: 'pre_arrival_inspection',
      name: 'Pre-arrival inspection',
      timing: 'arrival',
      expectedMinutes: 30,
      checklist: [
        { item: 'Walk through every room', requiresPhoto: false },
        { item: 'Living room ready', requiresPhoto: true },
        { item: 'Heating on, lights off, doors locked', requiresPhoto: false },
      ],
    },
  ];
  if (hasHotTub) {
    kinds.splice(1, 0, {
      key: 'hot_tub_service',
      name: 'Hot-tub service',
      timing: 'departure',
      expectedMinutes: 45,
      checklist: [
        { item: 'Test and balance the water', requiresPhoto: true },
        { item: 'Clean filter and cover', requiresPhoto: false },
      ],
    });
  }
  return kinds;
}

/** Does a home's amenity list name a hot tub? */
export function hasHotTubAmenity(amenities: readonly { item: string }[]): boolean {
  return amenities.some(({ item }) => /hot\s*tub|jacuzzi|spa tub/i.test(item));
}

/** "4:00 PM", "16:00" or "4 pm" as HH:MM; null when it cannot be read. */
export function parseTimeOfDay(text: string | null | undefined): string | null {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*m?\.?\s*$/i.exec(text ?? '');
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  const half = match[3]?.toLowerCase();
  if (half === 'p' && hour < 12) hour += 12;
  if (half === 'a' && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** A stay that causes tasks, as the planner sees it. */
export interface PlannedStay {
  id: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
}

export interface TaskWindow {
  start: Date;
  end: Date;
  sameDayTurnover: boolean;
  /** The next arrival's check-in instant, if there is one. */
  nextArrival: Date | null;
}

export interface HomeClock {
  timeZone: string;
  checkInTime: string;
  checkOutTime: string;
}

/**
 * When a kind's task for `stay` is due, given the home's other stays (sorted
 * or not). Departure tasks: from check-out time on the check-out day to the
 * next arrival's check-in time (a same-day turnover when that is the same
 * day); with no next arrival, to check-in time that day. Arrival tasks: the
 * arrival day, from check-out time to check-in time.
 */
export function taskWindow(
  timing: 'departure' | 'arrival',
  stay: PlannedStay,
  stays: readonly PlannedStay[],
  clock: HomeClock,
): TaskWindow {
  const at = (date: IsoDate, time: string) => instantIn(clock.timeZone, date, time);
  if (timing === 'arrival') {
    const previous = stays.filter((other) => other.id !== stay.id && other.checkOut <= stay.checkIn);
    const sameDay = previous.some((other) => other.checkOut === stay.checkIn);
    return {
      start: at(stay.checkIn, clock.checkOutTime),
      end: at(stay.checkIn, clock.checkInTime),
      sameDayTurnover: sameDay,
      nextArrival: at(stay.checkIn, clock.checkInTime),
    };
  }
  const next = stays
    .filter((other) => other.id !== stay.id && other.checkIn >= stay.checkOut)
    .sort((a, b) => (a.checkIn < b.checkIn ? -1 : a.checkIn > b.checkIn ? 1 : 0))[0];
  const start = at(stay.checkOut, clock.checkOutTime);
  const nextArrival = next ? at(next.checkIn, clock.checkInTime) : null;
  const sameDayEnd = at(stay.checkOut, clock.checkInTime);
  const end = nextArrival ?? sameDayEnd;
  return {
    start,
    end: end < start ? start : end,
    sameDayTurnover: next?.checkIn === stay.checkOut,
    nextArrival,
  };
}

/** A task is late once its window has closed without it being done. */
export function isTaskLate(task: { status: TaskStatusValue; windowEnd: string }, now: Date): boolean {
  return (task.status === 'open' || task.status === 'started') && Date.parse(task.windowEnd) < now.getTime();
}

// API contracts ---------------------------------------------------------------------------

const isoDateField = (name: string) =>
  z.string().refine(isIsoDate, { error: `${name} must be a calendar date like 2027-03-14` });

/** The most days the board lists at once. */
export const taskBoardMaxDays = 62;

/** GET /api/admin/tasks?from=&to=&status=&assignee=&propertyId= */
export const adminTaskQuerySchema = z
  .object({
    /** First day (YYYY-MM-DD, by the window's start on the home's clock); today when absent. */
    from: isoDateField('from').optional(),
    /** Last day, inclusive; 7 days from `from` when absent. */
    to: isoDateField('to').optional(),
    status: z.enum(taskStatusValues, { error: `status must be one of ${taskStatusValues.join(', ')}` }).optional(),
    /** An account's id, or `none` for unassigned tasks. */
    assignee: z.string().trim().min(1).max(64).optional(),
    propertyId: z.string().trim().min(1).max(200).optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.to >= q.from, { error: 'to must not be before from', path: ['to'] })
  .refine((q) => !q.from || !q.to || q.to <= addDays(q.from, taskBoardMaxDays), {
    error: `a board covers at most ${taskBoardMaxDays} days`,
    path: ['to'],
  });
export type AdminTaskQuery = z.infer<typeof adminTaskQuerySchema>;

export const checklistItemSchema = z.object({
  item: z.string(),
  requiresPhoto: z.boolean(),
  done: z.boolean(),
  photoId: z.string().optional(),
});
export type TaskChecklistLine = z.infer<typeof checklistItemSchema>;

/** One task on the staff board (the fields first, then what the board shows). */
export const adminTaskSchema = z.object({
  id: z.string(),
  /** The kind's key, e.g. departure_clean. */
  kind: z.string(),
  /** The home's listing number, e.g. SAS-1006. */
  propertyId: z.string(),
  /** The booking's code, when a booking caused it. */
  booking: z.string().optional(),
  windowStart: z.string(),
  windowEnd: z.string(),
  sameDayTurnover: z.boolean(),
  status: z.enum(taskStatusValues),
  assigneeId: z.string().optional(),
  kindName: z.string(),
  home: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  assigneeName: z.string().optional(),
  expectedMinutes: z.number().int(),
  /** The window closed and it is not done. */
  late: z.boolean(),
  /** What caused it: a booking, an owner stay or an imported calendar's stay. */
  stayKind: z.enum(['reservation', 'owner_block', 'imported_block']),
  partySize: z.number().int().nullable(),
  nextArrival: z.string().nullable(),
  openProblems: z.number().int(),
});
export type AdminTask = z.infer<typeof adminTaskSchema>;
export const adminTaskListSchema = z.array(adminTaskSchema);

/** PATCH /api/admin/tasks/{id} */
export const adminTaskPatchSchema = z
  .object({
    /** An account's id; null unassigns. */
    assigneeId: z.string().trim().min(1).max(64).nullable().optional(),
    status: z.enum(taskStatusValues, { error: `status must be one of ${taskStatusValues.join(', ')}` }).optional(),
    windowStart: z.iso.datetime({ offset: true, error: 'windowStart must be an ISO date and time' }).optional(),
    windowEnd: z.iso.datetime({ offset: true, error: 'windowEnd must be an ISO date and time' }).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one of assigneeId, status, windowStart, windowEnd',
  });
export type AdminTaskPatch = z.infer<typeof adminTaskPatchSchema>;

/** Someone who may be given tasks: cleaners, staff and admins. */
export const taskAssigneeSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;
export const taskAssigneeListSchema = z.array(taskAssigneeSchema);

export const taskPhotoSchema = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type TaskPhoto = z.infer<typeof taskPhotoSchema>;

/**
 * A cleaner's task (GET /api/me/tasks): where, when and for how many, never
 * who the guests are (no name, e-mail or phone).
 */
export const myTaskSchema = z.object({
  id: z.string(),
  kind: z.string(),
  kindName: z.string(),
  status: z.enum(taskStatusValues),
  windowStart: z.string(),
  windowEnd: z.string(),
  sameDayTurnover: z.boolean(),
  expectedMinutes: z.number().int(),
  home: z.object({
    name: z.string(),
    address: z.string().nullable(),
    city: z.string(),
    timeZone: z.string(),
    accessNotes: z.string().nullable(),
  }),
  partySize: z.number().int().nullable(),
  nextArrival: z.string().nullable(),
  checklist: z.array(checklistItemSchema),
  photos: z.array(taskPhotoSchema),
});
export type MyTask = z.infer<typeof myTaskSchema>;
export const myTaskListSchema = z.array(myTaskSchema);

/** POST /api/me/tasks/{id}/finish */
export const finishTaskRequestSchema = z
  .object({
    checklist: z
      .array(
        z
          .object({
            item: z.string().trim().min(1).max(200),
            done: z.boolean(),
            photoId: z.string().trim().min(1).max(64).optional(),
          })
          .strict(),
      )
      .max(100),
  })
  .strict();
export type FinishTaskRequest = z.infer<typeof finishTaskRequestSchema>;

/** POST /api/me/tasks/{id}/problems */
export const taskProblemRequestSchema = z
  .object({
    kind: z.enum(taskProblemKindValues, { error: 'kind must be damage or maintenance' }),
    note: z.string().trim().min(1, { error: 'Say what the problem is' }).max(2000),
    /** Photos already added to this task (POST .../photos). */
    photoIds: z.array(z.string().trim().min(1).max(64)).max(10).optional(),
  })
  .strict();
export type TaskProblemRequest = z.infer<typeof taskProblemRequestSchema>;

export const taskProblemSchema = z.object({
  id: z.string(),
  kind: z.enum(taskProblemKindValues),
  note: z.string(),
  status: z.enum(['open', 'closed']),
  home: z.object({ id: z.string(), name: z.string() }),
  booking: z.string().nullable(),
  taskKind: z.string(),
  photos: z.array(taskPhotoSchema),
  reportedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TaskProblem = z.infer<typeof taskProblemSchema>;
export const taskProblemListSchema = z.array(taskProblemSchema);

/** The owner's view of their homes' work: cleanings done and open maintenance tickets. */
export const ownerTaskSummarySchema = z.object({
  cleanings: z.array(z.object({ id: z.string(), home: z.string(), kindName: z.string(), finishedAt: z.string() })),
  maintenance: z.array(taskProblemSchema),
});
export type OwnerTaskSummary = z.infer<typeof ownerTaskSummarySchema>;

export const taskNotFoundMessage = 'Task not found';
export const taskPhotoMissingMessage = (items: string[]) =>
  `Add a photo for: ${items.join('; ')}. These checklist items need one before the task can be finished.`;

// Task kinds (staff) ------------------------------------------------------------------------

const checklistTemplateSchema = z
  .array(z.object({ item: z.string().trim().min(1).max(200), requiresPhoto: z.boolean().default(false) }).strict())
  .max(50);

export const taskKindSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  timing: z.enum(['departure', 'arrival']),
  checklist: z.array(z.object({ item: z.string(), requiresPhoto: z.boolean() })),
  expectedMinutes: z.number().int(),
  defaultAssigneeId: z.string().nullable(),
  active: z.boolean(),
});
export type TaskKind = z.infer<typeof taskKindSchema>;
export const taskKindListSchema = z.array(taskKindSchema);

/** POST /api/admin/tasks/kinds */
export const taskKindCreateSchema = z
  .object({
    propertyId: z.string().trim().min(1).max(200),
    name: z.string().trim().min(1).max(100),
    timing: z.enum(['departure', 'arrival'], { error: 'timing must be departure or arrival' }),
    checklist: checklistTemplateSchema.default([]),
    expectedMinutes: z.number().int().min(1).max(1440),
    defaultAssigneeId: z.string().trim().min(1).max(64).nullable().optional(),
  })
  .strict();
export type TaskKindCreate = z.infer<typeof taskKindCreateSchema>;

/** PATCH /api/admin/tasks/kinds/{id} */
export const taskKindPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    checklist: checklistTemplateSchema.optional(),
    expectedMinutes: z.number().int().min(1).max(1440).optional(),
    defaultAssigneeId: z.string().trim().min(1).max(64).nullable().optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type TaskKindPatch = z.infer<typeof taskKindPatchSchema>;

// Display --------------------------------------------------------------------------------------

/** A task's instant as the home's clock shows it, e.g. "10:00 AM". */
export function formatTaskTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** The home's calendar day of a task's instant. */
export function taskDay(iso: string, timeZone: string): IsoDate {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}
