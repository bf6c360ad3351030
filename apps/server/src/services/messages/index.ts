// Guest messages on a timeline (issue 28): templates, the per-booking
// schedule, the worker that sends, and the console's forecast.
export { loadMessageTemplate, loadMessageTemplates, saveMessageTemplate } from './templates.js';
export { cancelScheduledMessages, cancelledReasons, syncMessageSchedules } from './schedule.js';
export { runGuestMessages, type GuestMessageDeps, type GuestMessageRun } from './send.js';
export { listBookingMessages } from './forecast.js';
export { messageVariablesFor, renderGuestMessage } from './render.js';
