// Owner inquiries from the Management page: the row and the e-mail to the
// company are written in one transaction (the outbox, ADR 009), so an inquiry
// is stored exactly when its e-mail is on its way, and a failure leaves
// neither. Limited per e-mail address, counted in the database so it holds
// across server processes, as the booking e-mail limit is.
import { ownerInquiries, type Database } from '@sas/db';
import { companyName, type OwnerInquiryRequest } from '@sas/domain';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { escapeHtml } from '../lib/head.js';
import { enqueueEmail } from './email/outbox.js';

/** Inquiries one e-mail address may send in an hour; more is a script or a stuck button. */
export const maxOwnerInquiriesPerHour = 3;

export const ownerInquiryEmailKind = 'owner_inquiry';

export type OwnerInquiryOutcome = { status: 'created'; id: string } | { status: 'rate_limited' };

export interface OwnerInquiryEmail {
  subject: string;
  html: string;
  text: string;
}

/** The message to the company: every value the visitor typed is escaped in the HTML. */
export function renderOwnerInquiryEmail(inquiry: OwnerInquiryRequest & { id: string }): OwnerInquiryEmail {
  const rows: [string, string][] = [
    ['Name', inquiry.name],
    ['E-mail', inquiry.email],
    ['Phone', inquiry.phone],
    ['Property location', inquiry.propertyLocation],
    ['Bedrooms', String(inquiry.bedrooms)],
  ];
  const subject = `Owner inquiry: ${inquiry.name}, ${inquiry.bedrooms}-bedroom home in ${inquiry.propertyLocation}`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2a30">
<h1 style="font-size:20px">New owner inquiry</h1>
<table cellpadding="4" style="border-collapse:collapse">${rows
    .map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('')}</table>
<h2 style="font-size:16px">Message</h2>
<p style="white-space:pre-wrap">${escapeHtml(inquiry.message)}</p>
<p style="color:#4f5d66;font-size:12px">Sent from the ${escapeHtml(companyName)} Management page. Inquiry ${escapeHtml(inquiry.id)}.</p>
</body></html>`;
  const text = [
    'New owner inquiry',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    inquiry.message,
    '',
    `Inquiry ${inquiry.id}, sent from the ${companyName} Management page.`,
  ].join('\n');
  return { subject, html, text };
}

export async function createOwnerInquiry(
  db: Database,
  inquiry: OwnerInquiryRequest,
  companyInbox: string,
): Promise<OwnerInquiryOutcome> {
  return db.transaction(async (tx) => {
    const [recent] = await tx
      .select({ n: count() })
      .from(ownerInquiries)
      .where(
        and(
          eq(sql`lower(${ownerInquiries.email})`, inquiry.email.toLowerCase()),
          gt(ownerInquiries.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.n ?? 0) >= maxOwnerInquiriesPerHour) return { status: 'rate_limited' };

    const [row] = await tx.insert(ownerInquiries).values(inquiry).returning({ id: ownerInquiries.id });
    if (!row) throw new Error('The owner inquiry was not stored');
    await enqueueEmail(tx, {
      kind: ownerInquiryEmailKind,
      to: companyInbox,
      ...renderOwnerInquiryEmail({ ...inquiry, id: row.id }),
      dedupeKey: `owner-inquiry:${row.id}`,
      reference: `owner-inquiry:${row.id}`,
    });
    return { status: 'created', id: row.id };
  });
}
