// Expenses staff paid for an owner's home, with their receipts (issue 29,
// ADR 046). A receipt is checked by its first bytes (a JPEG, PNG or WebP
// photo, as the photo uploads check theirs, or a PDF), never by its name or
// the type the browser claims. Recording one writes the expense, its ledger
// movement (owner payable reduced) and the audit entry in one transaction.
import { ownerExpenses, properties, type Database, type Queryable } from '@sas/db';
import {
  centsToDollars,
  DomainError,
  isDomainError,
  maxReceiptBytes,
  ownerExpenseFieldsSchema,
  toCents,
  type OwnerExpense,
  type ReceiptType,
} from '@sas/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ownerTermsOf, postExpense } from '../ledger/post.js';
import { expenseReceiptUrl } from '../ledger/reports.js';
import type { ConsoleUser } from './access.js';
import { recordAudit } from './audit.js';
import { sniffImage } from './photos.js';

/** @fastify/multipart's limits for the expense upload: one receipt, the form's few fields. */
export const receiptUploadLimits = { fileSize: maxReceiptBytes, files: 1, fields: 8, parts: 9 } as const;

export const unsupportedReceiptMessage = 'A receipt is a photo or scan (JPEG, PNG or WebP) or a PDF';
export const expenseNotFoundMessage = 'No expense has this id';

/** The receipt's type by its first bytes, or null. */
export function sniffReceipt(bytes: Buffer): ReceiptType | null {
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  const image = sniffImage(bytes);
  if (image === 'jpeg') return 'image/jpeg';
  if (image === 'png') return 'image/png';
  if (image === 'webp') return 'image/webp';
  return null;
}

function readCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
}

export interface ExpenseUpload {
  fields: { date: string; amount: number; memo: string; idempotencyKey: string };
  receipt: { bytes: Buffer; type: ReceiptType; name: string };
}

/** The multipart body: the fields and one `receipt` file, checked. Throws a 4xx DomainError otherwise. */
export async function readExpenseUpload(request: FastifyRequest): Promise<ExpenseUpload> {
  if (!request.isMultipart()) {
    throw new DomainError('unsupported_media', 'Send the expense as multipart/form-data with a receipt file part');
  }
  const raw: Record<string, string> = {};
  let receipt: ExpenseUpload['receipt'] | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'receipt' || receipt !== null) {
          throw new DomainError('invalid', 'Send one file part, named receipt');
        }
        const bytes = await part.toBuffer();
        const type = sniffReceipt(bytes);
        if (!type) throw new DomainError('unsupported_media', unsupportedReceiptMessage);
        const name = part.filename.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'receipt';
        receipt = { bytes, type, name };
      } else {
        raw[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (err) {
    if (isDomainError(err)) throw err;
    switch (readCode(err)) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new DomainError('too_large', `A receipt may be at most ${maxReceiptBytes / (1024 * 1024)} MB`);
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw new DomainError('too_large', 'Send the fields date, amount, memo, idempotencyKey and one receipt');
      default:
        if (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message)) {
          throw new DomainError('invalid', `The upload is not a valid multipart/form-data body: ${err.message}`);
        }
        throw err;
    }
  }
  const parsed = ownerExpenseFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new DomainError('invalid', parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  if (!receipt) throw new DomainError('invalid', 'Add the receipt: a file part named receipt');
  return { fields: parsed.data, receipt };
}

type ExpenseRow = typeof ownerExpenses.$inferSelect;

function toApi(row: Omit<ExpenseRow, 'receipt'>): OwnerExpense {
  return {
    id: row.id,
    propertyId: row.propertyId,
    ownerId: row.ownerId,
    date: row.date,
    amount: centsToDollars(row.amountCents),
    memo: row.memo,
    receiptName: row.receiptName,
    receiptType: row.receiptType as ReceiptType,
    receiptUrl: expenseReceiptUrl(row.id),
  };
}

const listed = {
  id: ownerExpenses.id,
  propertyId: ownerExpenses.propertyId,
  ownerId: ownerExpenses.ownerId,
  date: ownerExpenses.date,
  amountCents: ownerExpenses.amountCents,
  memo: ownerExpenses.memo,
  receiptType: ownerExpenses.receiptType,
  receiptName: ownerExpenses.receiptName,
  idempotencyKey: ownerExpenses.idempotencyKey,
  createdBy: ownerExpenses.createdBy,
  createdAt: ownerExpenses.createdAt,
};

/**
 * Records an expense of a home, charged to its owner. A repeat of the same
 * idempotency key for the same home answers the first (created false); for
 * another home it is refused.
 */
export async function recordExpense(
  db: Database,
  user: ConsoleUser,
  homeId: string,
  upload: ExpenseUpload,
): Promise<{ expense: OwnerExpense; created: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select(listed)
      .from(ownerExpenses)
      .where(eq(ownerExpenses.idempotencyKey, upload.fields.idempotencyKey));
    if (existing) {
      if (existing.propertyId !== homeId) {
        throw new DomainError('conflict', 'This idempotencyKey was used for an expense of another home');
      }
      return { expense: toApi(existing), created: false };
    }
    await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, homeId)).for('update');
    const { owner } = await ownerTermsOf(tx, homeId);
    if (!owner) throw new DomainError('rejected', 'This home has no owner to charge the expense to');
    const [row] = await tx
      .insert(ownerExpenses)
      .values({
        propertyId: homeId,
        ownerId: owner,
        date: upload.fields.date,
        amountCents: toCents(upload.fields.amount),
        memo: upload.fields.memo,
        receiptType: upload.receipt.type,
        receiptName: upload.receipt.name,
        receipt: upload.receipt.bytes,
        idempotencyKey: upload.fields.idempotencyKey,
        createdBy: user.id,
      })
      .returning(listed);
    if (!row) throw new Error('expense not inserted');
    await postExpense(tx, {
      id: row.id,
      ownerId: owner,
      propertyId: homeId,
      cents: row.amountCents,
      at: new Date(`${row.date}T12:00:00Z`),
      memo: row.memo,
    });
    const expense = toApi(row);
    await recordAudit(tx, user, { action: 'expense.create', entity: 'property', entityId: homeId, after: expense });
    return { expense, created: true };
  });
}

/** A home's expenses, newest first. */
export async function listExpenses(db: Queryable, homeId: string): Promise<OwnerExpense[]> {
  const rows = await db
    .select(listed)
    .from(ownerExpenses)
    .where(eq(ownerExpenses.propertyId, homeId))
    .orderBy(desc(ownerExpenses.date), asc(ownerExpenses.createdAt));
  return rows.map(toApi);
}

/** A receipt's file: staff and admins any; an owner only one charged to them (403 otherwise). */
export async function readReceipt(
  db: Queryable,
  user: ConsoleUser,
  id: string,
): Promise<{ bytes: Buffer; type: ReceiptType; name: string }> {
  const [row] = await db
    .select({
      ownerId: ownerExpenses.ownerId,
      bytes: ownerExpenses.receipt,
      type: ownerExpenses.receiptType,
      name: ownerExpenses.receiptName,
    })
    .from(ownerExpenses)
    .where(and(eq(ownerExpenses.id, id)));
  if (!row) throw new DomainError('not_found', expenseNotFoundMessage);
  if (user.role === 'owner' && row.ownerId !== user.id) {
    throw new DomainError('forbidden', 'An owner may read only the receipts of their own expenses');
  }
  return { bytes: row.bytes, type: row.type as ReceiptType, name: row.name };
}
