import type { AdminReservationQuery } from '@sas/domain';
import { downloadFile } from '../../shared/api/download-file';

const csvPath = '/admin/reservations.csv';

function csvPathOf(query: AdminReservationQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return `${csvPath}${search === '' ? '' : `?${search}`}`;
}

/**
 * GET /api/admin/reservations.csv with the list's filters, as a download
 * (shared/api/download-file: a link cannot carry the bearer token).
 */
export function exportReservationsCsv(query: AdminReservationQuery): Promise<void> {
  return downloadFile(csvPathOf(query), 'reservations.csv');
}
