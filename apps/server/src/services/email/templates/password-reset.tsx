// The password reset e-mail: a link to /reset-password carrying the token.
import { companyName } from '@sas/domain';
import { ActionLink, helloGreeting, Paragraph, type EmailContent } from '../layout.js';

export interface PasswordResetData {
  firstName: string;
  resetUrl: string;
  validMinutes: number;
}

export function passwordReset({ firstName, resetUrl, validMinutes }: PasswordResetData): EmailContent {
  return {
    subject: `Reset your ${companyName} password`,
    body: (
      <>
        <Paragraph>{helloGreeting(firstName)}</Paragraph>
        <Paragraph>
          {`Someone asked to reset the password of your ${companyName} account. To choose a new one, open this link within ${validMinutes} minutes:`}
        </Paragraph>
        <ActionLink href={resetUrl}>Reset my password</ActionLink>
        <Paragraph>
          The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.
        </Paragraph>
      </>
    ),
  };
}
