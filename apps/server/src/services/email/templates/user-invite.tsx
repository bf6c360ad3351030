// The invitation to the console (issue 14; ADR 024): a link to set a password.
import { companyName, inviteValidDays, type InviteRole } from '@sas/domain';
import { ActionLink, Paragraph, type EmailContent } from '../layout.js';

const roleNames: Record<InviteRole, string> = {
  staff: 'a staff member',
  owner: 'a home owner',
  cleaner: 'a cleaner',
};

export interface UserInviteData {
  inviteUrl: string;
  role: InviteRole;
  invitedBy: string;
}

export function userInvite({ inviteUrl, role, invitedBy }: UserInviteData): EmailContent {
  return {
    subject:
      role === 'cleaner'
        ? `You are invited to ${companyName}'s turnover tasks`
        : `You are invited to the ${companyName} console`,
    body: (
      <>
        <Paragraph>Hello,</Paragraph>
        <Paragraph>
          {`${invitedBy} invited you to ${role === 'cleaner' ? `${companyName}, to see your turnover tasks,` : `the ${companyName} console`} as ${roleNames[role]}. To choose your password and sign in, open this link within ${inviteValidDays} days:`}
        </Paragraph>
        <ActionLink href={inviteUrl}>Set my password</ActionLink>
        <Paragraph>The link works once. If you did not expect this, ignore this e-mail.</Paragraph>
      </>
    ),
  };
}
