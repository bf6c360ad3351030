// Texts to guests (issue 28): the provider (sandbox by default, Twilio when
// configured) and the STOP list.
export { TextSendError, type OutgoingText, type TextProvider } from './provider.js';
export { createSandboxTextProvider } from './sandbox.js';
export { createTwilioProvider, twilioSignature } from './twilio.js';
export { isTextOptedOut, optInToTexts, optOutOfTexts } from './opt-outs.js';
