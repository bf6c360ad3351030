// The owner inquiry's zod contract, which checks the form in the browser as it
// checks the body on the server: loaded once the visitor starts on the form
// (owner-inquiry-form.tsx), so the Management page hydrates without it.
export { ownerInquiryFieldErrors, ownerInquiryRequestSchema } from '@sas/domain';
