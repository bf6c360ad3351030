// The quote's and the calendar's contracts (zod), loaded with the first quote
// or calendar the browser asks for itself (get-quote.ts, get-calendar.ts): a
// home's page whose price came with its HTML hydrates without the zod runtime.
export { calendarResponseSchema, quoteResponseSchema } from '@sas/domain';
