import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ownerAccountSchema,
  ownerAccountsResponseSchema,
  ownerExpenseSchema,
  ownerExpensesResponseSchema,
  ownerPayoutSchema,
  ownerStatementSchema,
  reconciliationResponseSchema,
  taxBasisSettingSchema,
  taxReportResponseSchema,
  type OwnerAccountUpdate,
  type OwnerPayoutCreate,
  type TaxBasis,
} from '@sas/domain';
import { api } from '@/lib/api-client';
import { consoleQueryKey } from '../../shared/api/query-keys';
import { uploadFile } from '../../shared/api/upload-file';

export const reportsQueryKey = [...consoleQueryKey, 'reports'] as const;

/** GET /api/admin/reports/taxes?month=&basis=: the month's return per jurisdiction and tax (dollars). */
export function useTaxReturn(month: string, basis: TaxBasis | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...reportsQueryKey, 'taxes', month, basis],
      queryFn: ({ signal }) =>
        api.request('/admin/reports/taxes', taxReportResponseSchema, {
          query: basis === undefined ? { month } : { month, basis },
          signal,
        }),
      enabled: basis !== undefined,
    }),
  );
}

/** GET/PUT /api/admin/settings/tax-basis: the company's basis for the return. */
export function useTaxBasis() {
  return useQuery({
    queryKey: [...reportsQueryKey, 'tax-basis'],
    queryFn: ({ signal }) => api.request('/admin/settings/tax-basis', taxBasisSettingSchema, { signal }),
  });
}

export function useSetTaxBasis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (basis: TaxBasis) =>
      api.request('/admin/settings/tax-basis', taxBasisSettingSchema, { method: 'PUT', body: { basis } }),
    onSettled: () => client.invalidateQueries({ queryKey: reportsQueryKey }),
  });
}

/** GET /api/admin/reports/reconciliation?from=&to= */
export function useReconciliation(from: string, to: string) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'reconciliation', from, to],
    queryFn: ({ signal }) =>
      api.request('/admin/reports/reconciliation', reconciliationResponseSchema, { query: { from, to }, signal }),
  });
}

/** GET /api/admin/owners: every owner's terms (staff, admin). */
export function useOwnerAccounts(enabled: boolean) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'owners'],
    queryFn: ({ signal }) => api.request('/admin/owners', ownerAccountsResponseSchema, { signal }),
    enabled,
  });
}

/** PUT /api/admin/owners/{id}/account (admin). */
export function useUpdateOwnerAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: OwnerAccountUpdate }) =>
      api.request(`/admin/owners/${encodeURIComponent(id)}/account`, ownerAccountSchema, {
        method: 'PUT',
        body: update,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: reportsQueryKey }),
  });
}

/** GET /api/admin/owners/{id}/statements/{YYYY-MM}: the owner's statement from the ledger. */
export function useOwnerStatement(ownerId: string, month: string) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'statement', ownerId, month],
    queryFn: ({ signal }) =>
      api.request(`/admin/owners/${encodeURIComponent(ownerId)}/statements/${month}`, ownerStatementSchema, { signal }),
    enabled: ownerId !== '',
  });
}

/** POST /api/admin/owners/{id}/payouts (staff, admin), once per idempotency key. */
export function useRecordPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payout }: { id: string; payout: OwnerPayoutCreate }) =>
      api.request(`/admin/owners/${encodeURIComponent(id)}/payouts`, ownerPayoutSchema, {
        method: 'POST',
        body: payout,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: reportsQueryKey }),
  });
}

const expensesKey = (homeId: string) => [...reportsQueryKey, 'expenses', homeId] as const;

/** GET /api/admin/properties/{id}/expenses: the home's expenses, newest first. */
export function useHomeExpenses(homeId: string) {
  return useQuery({
    queryKey: expensesKey(homeId),
    queryFn: ({ signal }) =>
      api.request(`/admin/properties/${encodeURIComponent(homeId)}/expenses`, ownerExpensesResponseSchema, { signal }),
  });
}

export interface ExpenseInput {
  date: string;
  amount: string;
  memo: string;
  idempotencyKey: string;
  receipt: File;
}

/** POST /api/admin/properties/{id}/expenses: the fields and the receipt as one multipart upload. */
export function useRecordExpense(homeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ receipt, ...fields }: ExpenseInput) =>
      uploadFile(`/admin/properties/${encodeURIComponent(homeId)}/expenses`, ownerExpenseSchema, receipt, {
        onProgress: () => undefined,
        fieldName: 'receipt',
        fields: { ...fields },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: reportsQueryKey }),
  });
}
