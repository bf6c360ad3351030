// The password reset e-mail: a link to /reset-password carrying the token.
// Everything from the user is escaped in the HTML.
import { companyName, companyPhone } from '@sas/domain';
import { escapeHtml } from '../../lib/head.js';

export interface ResetEmailData {
  firstName: string;
  resetUrl: string;
  validMinutes: number;
}

export function renderPasswordResetEmail({ firstName, resetUrl, validMinutes }: ResetEmailData) {
  const greeting = firstName.trim() === '' ? 'Hello,' : `Hello ${firstName.trim()},`;
  const subject = `Reset your ${companyName} password`;
  const text = [
    greeting,
    '',
    `Someone asked to reset the password of your ${companyName} account. To choose a new one, open this link within ${validMinutes} minutes:`,
    '',
    resetUrl,
    '',
    'The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `Questions? Call us at ${companyPhone}.`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif;color:#1f2a30;line-height:1.6">
<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the password of your ${escapeHtml(companyName)} account. To choose a new one, open this link within ${validMinutes} minutes:</p>
<p><a href="${escapeHtml(resetUrl)}" style="color:#1f5f7a">Reset my password</a></p>
<p style="font-size:13px;color:#55707d">${escapeHtml(resetUrl)}</p>
<p>The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
<p style="font-size:13px;color:#55707d">Questions? Call us at ${escapeHtml(companyPhone)}.</p>
</body>
</html>
`;
  return { subject, html, text };
}
