// Every e-mail the system sends, by name: renderEmail(name, props) in
// ../render.tsx is the only way to make one.
import type { EmailContent } from '../layout.js';
import { bookingConfirmation, cancellationCompanyNotice, cancellationNotice, refundNotice } from './booking.js';
import { channelConflict, channelFeedFailing } from './channel.js';
import { conciergeSchedule, conciergeService } from './concierge.js';
import { googleTwinAlert } from './google.js';
import { guestMessage } from './guest-message.js';
import { moneyNotice } from './money-notice.js';
import { ownerInquiry } from './owner-inquiry.js';
import { passwordReset } from './password-reset.js';
import { taskNotice, unassignedTasks } from './tasks.js';
import { tripLink } from './trip-link.js';
import { userInvite } from './user-invite.js';

const emailTemplates = {
  'booking-confirmation': bookingConfirmation,
  'booking-refund': refundNotice,
  'booking-cancelled': cancellationNotice,
  'booking-cancelled-company': cancellationCompanyNotice,
  'money-notice': moneyNotice,
  'password-reset': passwordReset,
  'user-invite': userInvite,
  'trip-link': tripLink,
  'concierge-service': conciergeService,
  'concierge-schedule': conciergeSchedule,
  'owner-inquiry': ownerInquiry,
  'channel-conflict': channelConflict,
  'channel-feed-failing': channelFeedFailing,
  'task-notice': taskNotice,
  'tasks-unassigned': unassignedTasks,
  'google-twin-alert': googleTwinAlert,
  'guest-message': guestMessage,
};

export type EmailName = keyof typeof emailTemplates;
export type EmailProps = { [N in EmailName]: Parameters<(typeof emailTemplates)[N]>[0] };

/** The registry typed per name, so renderEmail's props follow its template. */
export const templatesByName: { [N in EmailName]: (props: EmailProps[N]) => EmailContent } = emailTemplates;
