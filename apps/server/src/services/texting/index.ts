// Texts to guests (issue 28): the provider (sandbox by default, Twilio when
// configured) and the STOP list.
export {
  TextSendError,
  textStatusPath,
  type OutgoingText,
  type SentText,
  type TextDelivery,
  type TextProvider,
  type TextStatusReport,
} from './provider.js';
export { createSandboxTextProvider, sandboxTextDetail } from './sandbox.js';
export { createTwilioProvider, twilioDelivery, twilioDetail, twilioSignature } from './twilio.js';
export { recordTextStatus } from './status.js';
export { isTextOptedOut, optInToTexts, optOutOfTexts } from './opt-outs.js';
