// Zod contracts of the console's owner inquiries (issue 14 section 6): the
// Management page's inquiries with a status and staff notes.
import { z } from 'zod';

export const inquiryStatuses = ['new', 'contacted', 'closed'] as const;
export type InquiryStatus = (typeof inquiryStatuses)[number];

export const inquiryNotesMaxLength = 10_000;

/** One item of GET /api/admin/inquiries, newest first. */
export const adminInquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  propertyLocation: z.string(),
  bedrooms: z.number().int(),
  message: z.string(),
  status: z.enum(inquiryStatuses),
  notes: z.string(),
  createdAt: z.string(),
});
export type AdminInquiry = z.infer<typeof adminInquirySchema>;
export const adminInquiryListSchema = z.array(adminInquirySchema);

/** GET /api/admin/inquiries?status= */
export const adminInquiryQuerySchema = z.object({
  status: z.enum(inquiryStatuses, { error: `status must be one of ${inquiryStatuses.join(', ')}` }).optional(),
});

/** PATCH /api/admin/inquiries/{id}: at least one of the two. */
export const updateInquiryRequestSchema = z
  .object({
    status: z.enum(inquiryStatuses, { error: `status must be one of ${inquiryStatuses.join(', ')}` }).optional(),
    notes: z
      .string()
      .max(inquiryNotesMaxLength, { error: `notes must be at most ${inquiryNotesMaxLength} characters long` })
      .optional(),
  })
  .refine((body) => body.status !== undefined || body.notes !== undefined, { error: 'give status or notes to change' });
export type UpdateInquiryRequest = z.infer<typeof updateInquiryRequestSchema>;
